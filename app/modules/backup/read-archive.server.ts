import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { finished } from "node:stream/promises";
import { Parser, type ReadEntry } from "tar";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "~/modules/files/private-files.server";
import { BackupRefused, FORMAT_NAME, FORMAT_VERSION, type Manifest, MANIFEST, MANIFEST_MAX_BYTES, manifestSchema, safeEntryPath } from "./format";

// Reads an archive into a private folder, trusting nothing: the first entry must be a manifest this
// code understands, every later entry a plain file or folder at a safe path that the manifest lists
// with that size, and every file's sha256 must match. Anything else stops the read at once.

const NOT_OURS = "is not a Plume backup";

function refuse(archive: string, why: string): BackupRefused {
  return new BackupRefused(`${archive} ${NOT_OURS}, or it is damaged: ${why}. Nothing was changed.`);
}

function parseManifest(archive: string, text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refuse(archive, "its manifest.json is not JSON");
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== FORMAT_NAME) throw refuse(archive, "its manifest.json does not name the Plume backup format");
  if (typeof format.formatVersion === "number" && format.formatVersion > FORMAT_VERSION) {
    throw new BackupRefused(
      `${archive} was made by a newer Plume (backup format ${format.formatVersion}; this one reads ${FORMAT_VERSION}): update Plume first. Nothing was changed.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw refuse(archive, `its manifest.json does not match the format (${parsed.error.issues[0]?.path.join(".") ?? "?"})`);
  for (const file of parsed.data.files) {
    if (safeEntryPath(file.path) !== file.path || file.path === MANIFEST)
      throw refuse(archive, `its manifest lists an unsafe path (${JSON.stringify(file.path)})`);
  }
  return parsed.data;
}

/** Extracts and checks `archive` into `into` (an empty private folder); the manifest once every file matched it. */
export async function extractVerified(archive: string, into: string): Promise<Manifest> {
  const input = createReadStream(archive);
  let manifest: Manifest | null = null;
  let first = true;
  let failure: Error | null = null;
  const declared = new Map<string, { size: number; sha256: string }>();
  const seen = new Map<string, string>();
  const writes: Promise<void>[] = [];

  const parser = new Parser({ strict: true });
  const fail = (error: Error) => {
    failure ??= error;
    input.destroy();
    parser.abort(error);
  };

  parser.on("entry", (entry: ReadEntry) => {
    try {
      if (failure) return void entry.resume();
      const isFirst = first;
      first = false;
      const name = safeEntryPath(entry.path);
      if (name === null) throw refuse(archive, `it holds an entry at an unsafe or unknown path (${JSON.stringify(entry.path)})`);
      if (entry.type === "Directory") {
        if (isFirst) throw refuse(archive, "it does not start with manifest.json");
        entry.resume();
        return;
      }
      if (entry.type !== "File" && entry.type !== "OldFile") throw refuse(archive, `it holds a ${entry.type} at ${name} (only plain files are restored)`);
      if (isFirst) {
        if (name !== MANIFEST) throw refuse(archive, "it does not start with manifest.json");
        if (entry.size > MANIFEST_MAX_BYTES) throw refuse(archive, "its manifest.json is too large");
        const chunks: Buffer[] = [];
        entry.on("data", (chunk: Buffer) => chunks.push(chunk));
        entry.on("end", () => {
          try {
            manifest = parseManifest(archive, Buffer.concat(chunks).toString("utf8"));
            for (const file of manifest.files) declared.set(file.path, file);
          } catch (error) {
            fail(error as Error);
          }
        });
        return;
      }
      if (!manifest) throw refuse(archive, "its manifest.json could not be read before the files");
      const expected = declared.get(name);
      if (!expected) throw refuse(archive, `it holds ${name}, which its manifest does not list`);
      if (seen.has(name)) throw refuse(archive, `it holds ${name} twice`);
      if (entry.size !== expected.size) throw refuse(archive, `${name} is ${entry.size} bytes, its manifest says ${expected.size}`);
      seen.set(name, "");
      writes.push(writeEntry(entry, path.join(into, name)).then((sha256) => void seen.set(name, sha256)));
    } catch (error) {
      entry.resume();
      fail(error as Error);
    }
  });

  const done = new Promise<void>((resolve, reject) => {
    parser.on("error", (error: Error) => reject(failure ?? refuse(archive, `it cannot be read as a tar.gz (${error.message})`)));
    parser.on("abort", (error: Error) => reject(failure ?? refuse(archive, `its data ends early or is corrupt (${error.message})`)));
    input.on("error", (error) => reject(failure ?? error));
    parser.on("close", () => resolve());
  });
  input.pipe(parser);
  await done;
  await Promise.all(writes).catch((error: unknown) => {
    throw failure ?? error;
  });
  if (failure) throw failure;
  if (!manifest) throw refuse(archive, "it holds no manifest.json");
  for (const [name, { sha256 }] of declared) {
    const got = seen.get(name);
    if (got === undefined) throw refuse(archive, `${name} is listed in its manifest but missing (a truncated archive?)`);
    if (got !== sha256) throw refuse(archive, `${name} does not match its checksum`);
  }
  return manifest;
}

async function writeEntry(entry: ReadEntry, target: string): Promise<string> {
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
  const hash = createHash("sha256");
  // One consumer only: the entry hands each chunk out once, to whoever reads it first.
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const output = createWriteStream(target, { mode: PRIVATE_FILE_MODE, flags: "wx" });
  entry.pipe(hashing).pipe(output);
  await finished(output);
  return hash.digest("hex");
}

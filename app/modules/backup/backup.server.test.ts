import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import Database from "libsql";
import { create, list } from "tar";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { migrate, migrationsDir, readMigrations } from "~/modules/db/migrate.server";
import { rawTarGz, type RawEntry, sha256 } from "../../../tests/support/raw-tar";
import { createBackup } from "./create.server";
import { BackupRefused, FORMAT_NAME } from "./format";
import { locateData } from "./locate.server";
import { extractVerified } from "./read-archive.server";
import { restoreBackup } from "./restore.server";
import { databaseInUse } from "./sqlite.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const known = readMigrations(migrationsDir("file:x")).map((m) => m.name);
const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "plume-backup-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A DATA_DIR as the server leaves it: a migrated database, the generated secret, an upload and a resized copy. */
async function dataDir(name = "data") {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "uploads", "u1"), { recursive: true });
  mkdirSync(path.join(dir, "image-cache", "ab12"), { recursive: true });
  await migrate(`file:${path.join(dir, "plume.db")}`);
  writeFileSync(path.join(dir, "app-secret"), SECRET + "\n");
  writeFileSync(path.join(dir, "uploads", "u1", "photo.png"), "the photo's bytes");
  writeFileSync(path.join(dir, "image-cache", "ab12", "320.webp"), "a resized copy");
  return dir;
}

/**
 * A second DATA_DIR holding data: a copy of the first, files only. (A connection this process opened
 * on it would count as a process using it: libsql keeps closed connections until they are collected.)
 */
function targetWithData(source: string) {
  const target = path.join(root, "target");
  cpSync(source, target, { recursive: true });
  writeFileSync(path.join(target, "uploads", "u1", "theirs.png"), "the target's own");
  // The copied WAL is what a stopped server leaves: the first look folds it into the database, as
  // SQLite's next open would. From then on a refused restore changes nothing.
  expect(databaseInUse(path.join(target, "plume.db"))).toBe(false);
  return target;
}

/**
 * Every file under a folder with its sha256: what "nothing changed" compares. The database's files
 * by size: reading them here would drop this process's SQLite locks on them (POSIX locks belong to
 * the process and go with any descriptor of the file closed).
 */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.startsWith("plume.db")) files[path.relative(dir, file)] = `${statSync(file).size} bytes`;
      else files[path.relative(dir, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
    }
  };
  if (existsSync(dir)) visit(dir);
  return files;
}

describe("a backup", () => {
  it("holds the manifest first, the database copy, the secret and the uploads (not the resized copies), private, and restores into a fresh DATA_DIR", async () => {
    const source = await dataDir();
    const { file, manifest } = await createBackup(locateData({ DATA_DIR: source }), { now: new Date("2026-11-27T10:15:30Z") });

    expect(file).toBe(path.join(source, "backups", "plume-20261127T101530Z.tar.gz"));
    expect(modeOf(file)).toBe(0o600);
    expect(readdirSync(path.join(source, "backups"))).toEqual([path.basename(file)]); // no staging or temporary file left
    const entries: string[] = [];
    await list({ file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries[0]).toBe("manifest.json");
    expect(entries.filter((e) => !e.endsWith("/")).sort()).toEqual(["database/plume.db", "manifest.json", "secret/app-secret", "uploads/u1/photo.png"]);
    expect(manifest).toMatchObject({ format: FORMAT_NAME, database: { kind: "sqlite", migration: known.at(-1) }, media: { storage: "local", files: 1 } });

    const target = path.join(root, "fresh");
    await restoreBackup(locateData({ DATA_DIR: target }), file, { knownMigrations: known });
    expect(readFileSync(path.join(target, "app-secret"), "utf8").trim()).toBe(SECRET);
    expect(readFileSync(path.join(target, "uploads", "u1", "photo.png"), "utf8")).toBe("the photo's bytes");
    expect(existsSync(path.join(target, "image-cache"))).toBe(false);
    for (const restored of ["plume.db", "app-secret", "uploads/u1/photo.png"]) expect(modeOf(path.join(target, restored))).toBe(0o600);
    expect(modeOf(path.join(target, "uploads"))).toBe(0o700);
    expect(readdirSync(target).sort()).toEqual(["app-secret", "plume.db", "uploads"]); // no staging folder left
  });

  it("with --keep N leaves the N newest dated archives and every other file of the folder", async () => {
    const source = await dataDir();
    const out = path.join(root, "elsewhere");
    mkdirSync(out);
    writeFileSync(path.join(out, "notes.txt"), "mine");
    for (const day of ["25", "26", "27"]) await createBackup(locateData({ DATA_DIR: source }), { out, keep: 2, now: new Date(`2026-11-${day}T03:00:00Z`) });
    expect(readdirSync(out).sort()).toEqual(["notes.txt", "plume-20261126T030000Z.tar.gz", "plume-20261127T030000Z.tar.gz"]);
  });

  it("when the media live in S3 holds a note naming the bucket and endpoint instead of the uploads, and no credentials", async () => {
    const source = await dataDir();
    const env = { DATA_DIR: source, MEDIA_STORAGE: "s3", S3_BUCKET: "plume-media", S3_ENDPOINT: "https://s3.example.com", S3_SECRET_ACCESS_KEY: "do-not-copy" };
    const { file, manifest } = await createBackup(locateData(env), { out: path.join(root, "one.tar.gz") });
    expect(manifest.media).toEqual({ storage: "s3", bucket: "plume-media", endpoint: "https://s3.example.com" });
    const entries: string[] = [];
    await list({ file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.some((e) => e.startsWith("uploads"))).toBe(false);
    expect(readFileSync(file).includes("do-not-copy")).toBe(false);
  });

  it("is refused on PostgreSQL with the pg_dump and pg_restore commands to use instead", () => {
    expect(() => locateData({ DATABASE_URL: "postgresql://plume@db/plume" })).toThrow(/pg_dump --format=custom[\s\S]*pg_restore/);
  });

  it("is refused, writing nothing, without the secret the server uses (production takes it from the environment)", async () => {
    const source = await dataDir();
    await expect(createBackup(locateData({ DATA_DIR: source, NODE_ENV: "production" }))).rejects.toThrow(/APP_SECRET is not known/);
    expect(existsSync(path.join(source, "backups"))).toBe(false);
  });
});

describe("an archive restore will not take", () => {
  const secret = `${SECRET}\n`;
  function manifestFor(files: { path: string; body: string }[], overrides: Record<string, unknown> = {}) {
    return JSON.stringify({
      format: FORMAT_NAME,
      formatVersion: 1,
      appVersion: "0.1.0",
      createdAt: "2026-11-27T10:00:00.000Z",
      database: { kind: "sqlite", migration: known.at(-1), counts: {} },
      media: { storage: "local", files: 0, bytes: 0 },
      files: files.map((f) => ({ path: f.path, size: Buffer.byteLength(f.body), sha256: sha256(f.body) })),
      ...overrides,
    });
  }
  const good = { path: "secret/app-secret", body: secret };
  const cases: [string, RawEntry[], RegExp][] = [
    [
      "an entry climbing out with ../",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "../evil", body: "x" },
      ],
      /unsafe or unknown path \("\.\.\/evil"\)/,
    ],
    [
      "an absolute path",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "/tmp/evil", body: "x" },
      ],
      /unsafe or unknown path/,
    ],
    [
      "uploads/../../",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "uploads/../../evil", body: "x" },
      ],
      /unsafe or unknown path/,
    ],
    [
      "a symbolic link",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "uploads/link", type: "2", linkTo: "/etc/passwd" },
      ],
      /SymbolicLink at uploads\/link/,
    ],
    [
      "a hard link",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "uploads/link", type: "1", linkTo: "secret/app-secret" },
      ],
      /Link at uploads\/link/,
    ],
    [
      "no manifest first",
      [
        { name: "secret/app-secret", body: secret },
        { name: "manifest.json", body: manifestFor([good]) },
      ],
      /does not start with manifest\.json/,
    ],
    [
      "a file the manifest does not list",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "uploads/extra.png", body: "x" },
      ],
      /does not list/,
    ],
    [
      "a checksum mismatch",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "secret/app-secret", body: secret.toUpperCase() },
      ],
      /does not match its checksum/,
    ],
    [
      "a size other than the manifest's",
      [
        { name: "manifest.json", body: manifestFor([good]) },
        { name: "secret/app-secret", body: "short" },
      ],
      /bytes, its manifest says/,
    ],
    ["a listed file missing", [{ name: "manifest.json", body: manifestFor([good]) }], /listed in its manifest but missing/],
    ["a manifest of another format", [{ name: "manifest.json", body: JSON.stringify({ format: "other" }) }], /does not name the Plume backup format/],
    ["a manifest that is not JSON", [{ name: "manifest.json", body: "{" }], /is not JSON/],
    ["a newer backup format", [{ name: "manifest.json", body: manifestFor([good], { formatVersion: 99 }) }], /made by a newer Plume \(backup format 99/],
  ];
  for (const [what, entries, message] of cases) {
    it(`holds ${what}: refused, nothing written outside the folder it reads into`, async () => {
      const archive = path.join(root, "crafted.tar.gz");
      writeFileSync(archive, rawTarGz(entries));
      const into = path.join(root, "into");
      mkdirSync(into);
      const outcome = await extractVerified(archive, into).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(BackupRefused);
      expect((outcome as Error).message).toMatch(message);
      expect(readdirSync(root).sort()).toEqual(["crafted.tar.gz", "into"]);
    });
  }
});

describe("an archive that is not a whole Plume backup", () => {
  it("cut short (a copy interrupted midway) is refused", async () => {
    const source = await dataDir();
    const { file } = await createBackup(locateData({ DATA_DIR: source }), { out: path.join(root, "whole.tar.gz") });
    const bytes = readFileSync(file);
    for (const cut of [Math.floor(bytes.length / 2), bytes.length - 30]) {
      writeFileSync(path.join(root, "cut.tar.gz"), bytes.subarray(0, cut));
      const into = mkdtempSync(path.join(root, "into-"));
      await expect(extractVerified(path.join(root, "cut.tar.gz"), into)).rejects.toThrow(/is not a Plume backup, or it is damaged/);
    }
  });

  it("any other tar.gz, or bytes that are no archive at all, are refused", async () => {
    const folder = path.join(root, "some-folder");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "notes.txt"), "hello");
    await create({ gzip: true, cwd: root, file: path.join(root, "other.tar.gz") }, ["some-folder"]);
    writeFileSync(path.join(root, "garbage.tar.gz"), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    for (const name of ["other.tar.gz", "garbage.tar.gz"]) {
      const into = mkdtempSync(path.join(root, "into-"));
      await expect(extractVerified(path.join(root, name), into)).rejects.toThrow(/is not a Plume backup/);
      expect(readdirSync(into)).toEqual([]);
    }
  });
});

describe("restore refuses, changing nothing", () => {
  it("when DATA_DIR already holds data, unless --force: then that data is moved aside, not deleted", async () => {
    const source = await dataDir();
    const { file } = await createBackup(locateData({ DATA_DIR: source }), { out: path.join(root, "b.tar.gz") });
    const target = targetWithData(source);
    const before = snapshot(target);

    await expect(restoreBackup(locateData({ DATA_DIR: target }), file, { knownMigrations: known })).rejects.toThrow(/already holds data .*--force/);
    expect(snapshot(target)).toEqual(before);

    const { movedAside } = await restoreBackup(locateData({ DATA_DIR: target }), file, {
      knownMigrations: known,
      force: true,
      now: new Date("2026-11-27T11:00:00Z"),
    });
    expect(movedAside).toBe(path.join(target, "before-restore-20261127T110000Z"));
    expect(readFileSync(path.join(movedAside!, "uploads", "u1", "theirs.png"), "utf8")).toBe("the target's own");
    expect(existsSync(path.join(movedAside!, "image-cache", "ab12", "320.webp"))).toBe(true);
    expect(existsSync(path.join(target, "uploads", "u1", "theirs.png"))).toBe(false);
  });

  it("when a process has the database open, as the server and worker keep it", async () => {
    const source = await dataDir();
    const { file: archive } = await createBackup(locateData({ DATA_DIR: source }), { out: path.join(root, "b.tar.gz") });
    const target = targetWithData(source); // checked free there
    const file = path.join(target, "plume.db");
    const open = new Database(file);
    open.prepare("SELECT count(*) FROM sqlite_master").all();
    try {
      expect(databaseInUse(file)).toBe(true);
      const before = snapshot(target);
      await expect(restoreBackup(locateData({ DATA_DIR: target }), archive, { knownMigrations: known, force: true })).rejects.toThrow(
        /has .* open: stop every process/,
      );
      expect(snapshot(target)).toEqual(before);
    } finally {
      open.close();
    }
  });

  it("when the archive's database is at a migration newer than this code; an older one is fine", async () => {
    const source = await dataDir();
    const { file } = await createBackup(locateData({ DATA_DIR: source }), { out: path.join(root, "now.tar.gz") });
    // This code one migration behind the archive: the archive is newer.
    const target = path.join(root, "fresh");
    await expect(restoreBackup(locateData({ DATA_DIR: target }), file, { knownMigrations: known.slice(0, -1) })).rejects.toThrow(
      new RegExp(`migration ${known.at(-1)}, newer than this Plume knows`),
    );
    expect(existsSync(target)).toBe(false);
    // This code a migration ahead: restored (it applies at start).
    await restoreBackup(locateData({ DATA_DIR: target }), file, { knownMigrations: [...known, "99990101000000_later"] });
    expect(existsSync(path.join(target, "plume.db"))).toBe(true);
  });

  it("when the database inside is at a migration this code does not have, even if the manifest says otherwise", async () => {
    const source = await dataDir();
    const client = createClient({ url: `file:${path.join(source, "plume.db")}` });
    await client.execute(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ('x', 'y', '99990101000000_future', current_timestamp, 1)`,
    );
    client.close();
    const { file } = await createBackup(locateData({ DATA_DIR: source }), { out: path.join(root, "future.tar.gz") });
    const target = path.join(root, "fresh");
    await expect(restoreBackup(locateData({ DATA_DIR: target }), file, { knownMigrations: known })).rejects.toThrow(
      /99990101000000_future, newer than this Plume knows/,
    );
    expect(existsSync(target)).toBe(false);
  });
});

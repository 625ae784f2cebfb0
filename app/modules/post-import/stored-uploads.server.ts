import { randomBytes } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/core/env/env.server";
import { isRecordId } from "~/modules/db/ids";
import { writeFileAtomically } from "~/modules/files/temporary-files.server";

// A CSV file uploaded on the import page, kept between its preview and "Import" so that the
// confirmation needs no second upload, also without JavaScript (docs/decisions/0071): under
// DATA_DIR/imports/<userId>/<token>.csv, owner-only (600 in a 700 folder), read only through its
// owner's id, gone after UPLOAD_TTL_MS, at most MAX_UPLOADS_PER_USER a user (the oldest goes).

export const UPLOAD_TTL_MS = 60 * 60 * 1000;
export const MAX_UPLOADS_PER_USER = 3;

/** "<creation time, base 36>-<32 hex>": the time says when it expires, the random part makes it unguessable. */
const TOKEN = /^([0-9a-z]{1,11})-[0-9a-f]{32}$/;

function importsDir(): string {
  return path.join(getEnv().DATA_DIR, "imports");
}

function userDir(userId: string): string {
  if (!isRecordId(userId)) throw new Error(`Not a user id: ${userId}`);
  return path.join(importsDir(), userId);
}

function madeAt(token: string): number | null {
  const match = TOKEN.exec(token);
  return match ? Number.parseInt(match[1]!, 36) : null;
}

const expired = (token: string, now: number) => {
  const at = madeAt(token);
  return at === null || now - at >= UPLOAD_TTL_MS || at > now + 60_000;
};

async function tokensIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith(".csv")).map((name) => name.slice(0, -4));
}

/** Removes every user's expired uploads (each save sweeps: the folder stays small without a timer). */
async function sweepExpired(now: number): Promise<void> {
  const users = await readdir(importsDir()).catch(() => [] as string[]);
  for (const user of users) {
    const dir = path.join(importsDir(), user);
    for (const token of await tokensIn(dir)) {
      if (expired(token, now)) await rm(path.join(dir, `${token}.csv`), { force: true });
    }
  }
}

/** Keeps a user's uploaded CSV text; the token names it for that user only. */
export async function storeUpload(userId: string, text: string, now: number = Date.now()): Promise<string> {
  await sweepExpired(now);
  const dir = userDir(userId);
  const token = `${now.toString(36)}-${randomBytes(16).toString("hex")}`;
  await writeFileAtomically(path.join(dir, `${token}.csv`), new TextEncoder().encode(text));
  const kept = (await tokensIn(dir)).sort((a, b) => (madeAt(b) ?? 0) - (madeAt(a) ?? 0) || (a === token ? -1 : b === token ? 1 : 0));
  for (const old of kept.slice(MAX_UPLOADS_PER_USER)) await rm(path.join(dir, `${old}.csv`), { force: true });
  return token;
}

/** The text of one of the user's uploads; null when it is not theirs, not a token, gone or expired. */
export async function readUpload(userId: string, token: string, now: number = Date.now()): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const file = path.join(userDir(userId), `${token}.csv`);
  if (expired(token, now)) {
    await rm(file, { force: true });
    return null;
  }
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function removeUpload(userId: string, token: string): Promise<void> {
  if (TOKEN.test(token)) await rm(path.join(userDir(userId), `${token}.csv`), { force: true });
}

// `npm run media:to-s3` (docs/decisions/0059-media-on-s3.md) against a real S3-compatible server
// (s3rver) started here: local uploads copied under the same keys, a second run copying nothing,
// a run after a crash copying only what is missing, and the refusals.
import { execFile } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "~/core/env/env.server";
import { openBucket, s3SettingsFromEnv } from "~/integrations/s3.server";
import { localUploadKeys, moveLocalMediaToS3, MoveRefused } from "~/modules/media/move-to-s3.server";
import { readStoredFile, saveFile } from "~/modules/media/storage.server";
import { startS3, type TestS3 } from "../support/s3-server";

let s3: TestS3;
let scenes = 0;

function setStorage(kind: "local" | "s3", overrides: Record<string, string> = {}) {
  for (const name of [...Object.keys(s3.env), "S3_PREFIX"]) delete process.env[name];
  if (kind === "s3") Object.assign(process.env, s3.env, overrides);
  resetEnvCache();
}

const TSX = path.resolve("node_modules/.bin/tsx");
const uploadFile = (key: string) => path.join(getEnv().DATA_DIR, "uploads", key);

/**
 * Each test's own scene: three uploads on disk (and a temporary file an interrupted write left),
 * and its own empty prefix in the bucket, MEDIA_STORAGE=s3 pointing there.
 */
async function scene() {
  setStorage("local");
  rmSync(path.join(getEnv().DATA_DIR, "uploads"), { recursive: true, force: true });
  const files = new Map<string, Buffer>();
  for (const [user, size] of [
    ["userA", 1000],
    ["userB", 250_000],
    ["userB", 1],
  ] as const) {
    const bytes = Buffer.alloc(size, files.size + 1);
    files.set(await saveFile(user, bytes, "png"), bytes);
  }
  writeFileSync(uploadFile("userA/leftover.png.123.abcd.plume-tmp"), "half");
  const prefix = `scene-${++scenes}/`;
  setStorage("s3", { S3_PREFIX: prefix });
  return { files, bucket: openBucket(s3SettingsFromEnv()!), env: { ...process.env } };
}

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  setStorage("local");
  await s3.stop();
});

describe("moving local uploads to the bucket", () => {
  it("lists the uploads by key, without temporary files", async () => {
    const { files } = await scene();
    expect(await localUploadKeys()).toEqual([...files.keys()].sort());
  });

  it("refuses when MEDIA_STORAGE is not s3, or the bucket cannot be used", async () => {
    const { bucket, files } = await scene();
    setStorage("local");
    await expect(moveLocalMediaToS3()).rejects.toThrow(/MEDIA_STORAGE is not s3/);
    setStorage("s3", { S3_BUCKET: "no-such-bucket" });
    const refused = await moveLocalMediaToS3().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MoveRefused);
    expect((refused as Error).message).toMatch(/"no-such-bucket".*does not exist.*Nothing was copied/);
    for (const key of files.keys()) expect(await bucket.size(key)).toBeNull();
  });

  it("a dry run copies nothing", async () => {
    const { bucket, files } = await scene();
    const summary = await moveLocalMediaToS3({ dryRun: true });
    expect(summary).toMatchObject({ found: 3, wouldCopy: 3, copied: 0, alreadyThere: 0, failed: [] });
    for (const key of files.keys()) expect(await bucket.size(key)).toBeNull();
  });

  it("copies every upload under its key, byte for byte, keeping the local files", async () => {
    const { files } = await scene();
    const summary = await moveLocalMediaToS3();
    expect(summary).toMatchObject({ found: 3, copied: 3, alreadyThere: 0, deletedLocal: 0, failed: [], bytesCopied: 251_001 });
    for (const [key, bytes] of files) {
      expect((await readStoredFile(key)).equals(bytes)).toBe(true);
      expect(existsSync(uploadFile(key))).toBe(true);
    }
  });

  it("a second run copies nothing; after a crash, only what is missing or incomplete", async () => {
    const { bucket, files } = await scene();
    expect(await moveLocalMediaToS3()).toMatchObject({ found: 3, copied: 3 });
    expect(await moveLocalMediaToS3()).toMatchObject({ found: 3, copied: 0, alreadyThere: 3 });
    const [gone, truncated] = [...files.keys()];
    await bucket.delete(gone!);
    await bucket.put(truncated!, new Uint8Array(3), 3);
    const copied: string[] = [];
    const summary = await moveLocalMediaToS3({ onFile: (key, outcome) => outcome === "copied" && copied.push(key) });
    expect(summary).toMatchObject({ copied: 2, alreadyThere: 1, failed: [] });
    expect(copied.sort()).toEqual([gone, truncated].sort());
    expect((await readStoredFile(truncated!)).equals(files.get(truncated!)!)).toBe(true);
  });

  it("the command prints a summary, refuses without MEDIA_STORAGE=s3, and removes local files only when asked", async () => {
    const { files, env } = await scene();
    const run = (args: string[], extra: Record<string, string> = {}) =>
      promisify(execFile)(TSX, ["server/media-to-s3.ts", ...args], { env: { ...env, ...extra } });
    const { stdout } = await run([]);
    expect(stdout).toMatch(/3 upload\(s\) found on disk\n3 copied \(251001 bytes\), each checked\n0 already in the bucket\n0 local file\(s\) removed/);
    for (const key of files.keys()) expect(existsSync(uploadFile(key))).toBe(true);
    const refusal = await run([], { MEDIA_STORAGE: "local" }).catch((e: { code: number; stderr: string }) => e);
    expect(refusal).toMatchObject({ code: 1, stderr: expect.stringMatching(/Refused: MEDIA_STORAGE is not s3/) });

    const summary = await moveLocalMediaToS3({ deleteLocal: true });
    expect(summary).toMatchObject({ alreadyThere: 3, deletedLocal: 3, failed: [] });
    for (const [key, bytes] of files) {
      expect(existsSync(uploadFile(key))).toBe(false);
      expect((await readStoredFile(key)).equals(bytes)).toBe(true);
    }
  }, 60_000);
});

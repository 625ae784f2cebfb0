// DATA_DIR on real files (ADR 0043): what Plume writes there is private (folders 700, files 600),
// what an earlier version left open is tightened at start, and the temporary files of writes a
// killed process never finished are removed at start, those of live writers kept.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "~/modules/db/db.server";
import { migrate } from "~/modules/db/migrate.server";
import { prepareEnvironment, resetEnvCache } from "~/core/env/env.server";
import { sendMail } from "~/modules/mail/mail.server";
import { resizedImage } from "~/modules/media/resize.server";
import { saveFile, storedImageSource } from "~/modules/media/storage.server";
import { deadPid } from "../../../tests/support/dead-pid";
import { prepareDataDir } from "./data-dir.server";
import { removeStrandedTemporaryFiles, writeFileAtomically } from "./temporary-files.server";

const modeOf = (file: string) => statSync(file).mode & 0o777;

let root: string;
let dataDir: string;
const saved = { ...process.env };
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "plume-data-dir-"));
  dataDir = path.join(root, "fresh", "data");
  for (const key of ["DATA_DIR", "DATABASE_URL", "APP_SECRET", "SMTP_URL", "NODE_ENV"]) delete process.env[key];
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
});
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  rmSync(root, { recursive: true, force: true });
});

describe("what Plume writes in DATA_DIR", () => {
  it("is private from the start: the folder 700, the secret, the database and its WAL files, mails, uploads and cached images 600", async () => {
    prepareEnvironment();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "app-secret"))).toBe(0o600);

    const databaseUrl = process.env.DATABASE_URL!;
    await migrate(databaseUrl);
    const db = createDb(databaseUrl);
    try {
      await db.waitlistEntry.create({ data: { fullName: "Private", email: "private@example.com" } });
      for (const suffix of ["", "-wal", "-shm"]) expect(modeOf(path.join(dataDir, `plume.db${suffix}`))).toBe(0o600);
    } finally {
      await db.$disconnect();
    }

    await sendMail({ to: "someone@example.com", subject: "Reset", text: "A live link", html: "" });
    const mailDir = path.join(dataDir, "mail");
    expect(modeOf(mailDir)).toBe(0o700);
    const [mail] = readdirSync(mailDir);
    expect(modeOf(path.join(mailDir, mail!))).toBe(0o600);

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    const key = await saveFile("user1", png, "png");
    for (const dir of ["uploads", "uploads/user1"]) expect(modeOf(path.join(dataDir, dir))).toBe(0o700);
    expect(modeOf(path.join(dataDir, "uploads", key))).toBe(0o600);

    const served = await resizedImage(storedImageSource(key, "image/png"), 320, "image/webp");
    expect(served.origin).toBe("encoded");
    const cacheDir = path.join(dataDir, "image-cache");
    const [variants] = readdirSync(cacheDir);
    expect([modeOf(cacheDir), modeOf(path.join(cacheDir, variants!))]).toEqual([0o700, 0o700]);
    for (const file of readdirSync(path.join(cacheDir, variants!))) expect(modeOf(path.join(cacheDir, variants!, file))).toBe(0o600);
  });

  it("left open by an earlier version is tightened at start; other files there are left alone", async () => {
    const loose = { dir: 0o755, file: 0o644 };
    const files = ["app-secret", "plume.db", "plume.db-wal", "plume.db-shm", "mail/2026-reset.eml", "uploads/u1/a.png", "image-cache/ab12/320.webp"];
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dataDir, file)), { recursive: true, mode: loose.dir });
      writeFileSync(path.join(dataDir, file), "x", { mode: loose.file });
    }
    writeFileSync(path.join(dataDir, "notes.txt"), "the operator's", { mode: loose.file });
    for (const dir of [dataDir, ...["mail", "uploads", "uploads/u1", "image-cache", "image-cache/ab12"].map((d) => path.join(dataDir, d))]) {
      chmodSync(dir, loose.dir);
    }

    const result = await prepareDataDir(dataDir, `file:${path.join(dataDir, "plume.db")}`);

    expect(result.tightened).toBe(files.length + 6);
    expect(result.refused).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const dir of ["mail", "uploads", "uploads/u1", "image-cache", "image-cache/ab12"]) expect(modeOf(path.join(dataDir, dir))).toBe(0o700);
    for (const file of files) expect(modeOf(path.join(dataDir, file))).toBe(0o600);
    expect(modeOf(path.join(dataDir, "notes.txt"))).toBe(0o644);
    // Already private: nothing more to do on the next start.
    expect((await prepareDataDir(dataDir, `file:${path.join(dataDir, "plume.db")}`)).tightened).toBe(0);
  });
});

describe("temporary files of interrupted writes", () => {
  it("are removed at start when their writer is gone (killed mid-upload, or an earlier run of this process); a live writer's stay", async () => {
    const dead = await deadPid();
    const live = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => live.once("spawn", resolve));
      const uploads = path.join(dataDir, "uploads", "u1");
      const cache = path.join(dataDir, "image-cache", "ab12");
      mkdirSync(uploads, { recursive: true });
      mkdirSync(cache, { recursive: true });
      const stranded = [
        path.join(uploads, `a.png.${dead}.0a1b2c3d.plume-tmp`),
        path.join(uploads, `b.png.${dead}.tmp`), // as written before 0043
        path.join(cache, `320.webp.${dead}.9f8e7d6c.tmp`),
        path.join(uploads, `c.png.${process.pid}.11223344.plume-tmp`),
      ];
      const kept = [path.join(uploads, "a.png"), path.join(uploads, `d.png.${live.pid}.55667788.plume-tmp`), path.join(uploads, "notes.tmp")];
      const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
      for (const file of [...stranded, ...kept]) {
        writeFileSync(file, "partial");
        utimesSync(file, twoMinutesAgo, twoMinutesAgo); // untouched since: no write is going on
      }

      const { removed } = await prepareDataDir(dataDir, "postgresql://unused");

      expect(removed.sort()).toEqual([...stranded].sort());
      for (const file of stranded) expect(existsSync(file)).toBe(false);
      for (const file of kept) expect(existsSync(file)).toBe(true);
    } finally {
      live.kill("SIGKILL");
    }
  });

  it("one written to in the last minute stays, even named after our own pid or a pid we cannot see: another container sharing DATA_DIR may be writing it", async () => {
    const uploads = path.join(dataDir, "uploads", "u1");
    mkdirSync(uploads, { recursive: true });
    // Two containers (`docker compose up --scale app=2`, or a worker beside the app) both run as pid
    // 1 and see none of each other's processes: the name alone cannot tell a live writer's file.
    const beingWritten = [path.join(uploads, `e.png.${process.pid}.aabbccdd.plume-tmp`), path.join(uploads, `f.png.${await deadPid()}.ddeeff00.plume-tmp`)];
    for (const file of beingWritten) writeFileSync(file, "partial");
    const now = Math.max(...beingWritten.map((file) => statSync(file).mtimeMs)) + 5_000;

    expect(await removeStrandedTemporaryFiles([path.join(dataDir, "uploads")], now)).toEqual([]);
    for (const file of beingWritten) expect(existsSync(file)).toBe(true);
    expect((await removeStrandedTemporaryFiles([path.join(dataDir, "uploads")], now + 60_000)).sort()).toEqual([...beingWritten].sort());
  });

  it("a write that fails removes its temporary file at once", async () => {
    const target = path.join(dataDir, "uploads", "u1", "taken");
    mkdirSync(path.join(target, "inside"), { recursive: true }); // a folder where the file should go: the rename fails
    await expect(writeFileAtomically(target, new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect(readdirSync(path.dirname(target))).toEqual(["taken"]);
  });
});

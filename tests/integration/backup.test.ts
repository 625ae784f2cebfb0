// `npm run backup` and `npm run restore` as an operator runs them (their real command lines, in
// processes of their own) while another process of the app keeps writing posts: the restored
// product has every post committed before the backup started, a sound database, and the secret its
// tokens were sealed with. SQLite only: on PostgreSQL both commands refuse and name pg_dump.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { databaseFacts } from "~/modules/backup/sqlite.server";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { createDb } from "~/modules/db/db.server";
import { getDb } from "~/modules/db/db.server";
import { migrate } from "~/modules/db/migrate.server";
import { saveFile } from "~/modules/media/storage.server";
import { rawTarGz, sha256 } from "../support/raw-tar";
import { uniqueEmail } from "./helpers";

const onSqlite = process.env.TEST_DATABASE === "sqlite";
const scratch = mkdtempSync(path.join(tmpdir(), "plume-backup-it-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
});

/** The environment the server runs with (DATA_DIR, DATABASE_URL, APP_SECRET…), with changes. */
function serverEnv(changes: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    APP_SECRET: process.env.APP_SECRET,
    APP_URL: process.env.APP_URL,
    LOG_LEVEL: "warn",
  };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/** `npm run backup` / `npm run restore` without npm in between: the scripts those run. */
function run(script: "backup" | "restore", args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** Every file under a folder with its size and modification time: what a refused restore must leave as it was. */
function listing(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const visit = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) visit(file);
      else files[path.relative(dir, file)] = `${statSync(file).size}@${statSync(file).mtimeMs}`;
    }
  };
  visit(dir);
  return files;
}

describe.runIf(onSqlite)("a backup taken while the app writes", () => {
  it("restores every post committed before it started, a sound database, the uploads and the secret the tokens were sealed with; the writes never failed", async () => {
    const user = await getDb().user.create({ data: { email: uniqueEmail("backup"), passwordHash: "x" } });
    const accessToken = "linkedin-access-token-to-survive-the-restore";
    const channel = await getDb().channel.create({
      data: {
        userId: user.id,
        workspaceId: user.id,
        network: "linkedin",
        providerUserId: "member-1",
        displayName: "Member",
        accessTokenEnc: seal(accessToken),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const uploadKey = await saveFile(user.id, Buffer.from("an uploaded image's bytes"), "png");

    const writer = spawn(process.execPath, ["--import", "tsx", "tests/support/post-writer.ts", user.id], {
      env: serverEnv(),
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.add(writer);
    const committed: string[] = [];
    const failed: string[] = [];
    const lines = createInterface({ input: writer.stdout! });
    const stopped = new Promise<void>((resolve) =>
      lines.on("line", (line) => {
        if (line.startsWith("committed ")) committed.push(line.slice("committed ".length));
        else if (line.startsWith("failed ")) failed.push(line);
        else if (line === "stopped") resolve();
      }),
    );
    // Under way: some posts committed before the backup starts.
    await expect.poll(() => committed.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);

    const committedBefore = [...committed];
    const out = path.join(scratch, "backups");
    const backup = await run("backup", ["--out", out], serverEnv());
    const committedDuring = committed.length - committedBefore.length;
    writer.kill("SIGTERM");
    await stopped;

    expect(backup.stderr).not.toMatch(/refused|error/i);
    expect(backup.code).toBe(0);
    expect(failed).toEqual([]);
    // The writer went on while the backup ran (it was not stalled behind it).
    expect(committedDuring).toBeGreaterThan(0);
    const [archive] = readdirSync(out);
    expect(archive).toMatch(/^plume-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(statSync(path.join(out, archive!)).mode & 0o777).toBe(0o600);

    // A fresh DATA_DIR, no secret given: restore writes the archive's into it.
    const fresh = path.join(scratch, "fresh");
    const restore = await run("restore", [path.join(out, archive!)], serverEnv({ DATA_DIR: fresh, DATABASE_URL: undefined, APP_SECRET: undefined }));
    expect(restore.stderr).not.toMatch(/refused|error/i);
    expect(restore.code).toBe(0);

    const restoredFile = path.join(fresh, "plume.db");
    expect(databaseFacts(restoredFile, "full").integrity).toBe("ok");
    expect((await migrate(`file:${restoredFile}`)).applied).toEqual([]); // the app starts on it as it is
    const restored = createDb(`file:${restoredFile}`);
    try {
      const ids = new Set((await restored.post.findMany({ where: { userId: user.id }, select: { id: true } })).map((p) => p.id));
      expect(committedBefore.filter((id) => !ids.has(id))).toEqual([]);
      // A consistent copy: only posts that were committed, some maybe after the backup began.
      expect([...ids].filter((id) => !committed.includes(id))).toEqual([]);

      const sealed = (await restored.channel.findUniqueOrThrow({ where: { id: channel.id } })).accessTokenEnc ?? "";
      const restoredSecret = readFileSync(path.join(fresh, "app-secret"), "utf8").trim();
      const testSecret = process.env.APP_SECRET;
      try {
        process.env.APP_SECRET = "another-secret-of-at-least-thirty-two-chars";
        resetEnvCache();
        expect(() => unseal(sealed)).toThrow(); // the token needs the right secret…
        process.env.APP_SECRET = restoredSecret;
        resetEnvCache();
        expect(unseal(sealed)).toBe(accessToken); // …and the restored one is it
      } finally {
        process.env.APP_SECRET = testSecret;
        resetEnvCache();
      }
    } finally {
      await restored.$disconnect();
    }
    expect(readFileSync(path.join(fresh, "uploads", uploadKey), "utf8")).toBe("an uploaded image's bytes");
  }, 120_000);

  it("restore refuses, changing nothing: a file that is not a backup, a path climbing out, a database in use, a newer migration level", async () => {
    const target = path.join(scratch, "target");
    const env = serverEnv({ DATA_DIR: target, DATABASE_URL: undefined, APP_SECRET: undefined });
    const garbage = path.join(scratch, "garbage.tar.gz");
    writeFileSync(garbage, "this is not an archive at all, just some text that ends here.");
    const garbageRun = await run("restore", [garbage], env);
    expect([garbageRun.code, garbageRun.stderr]).toEqual([1, expect.stringMatching(/^Restore refused: .* is not a Plume backup/)]);

    const secret = "a-secret-of-at-least-thirty-two-characters\n";
    const manifest = JSON.stringify({
      format: "plume-backup",
      formatVersion: 1,
      appVersion: "0.1.0",
      createdAt: "2026-11-27T10:00:00.000Z",
      database: { kind: "sqlite", migration: "20261127065312_channel_limits", counts: {} },
      media: { storage: "local", files: 0, bytes: 0 },
      files: [{ path: "secret/app-secret", size: secret.length, sha256: sha256(secret) }],
    });
    const climbing = path.join(scratch, "climbing.tar.gz");
    writeFileSync(
      climbing,
      rawTarGz([
        { name: "manifest.json", body: manifest },
        { name: "../../escaped", body: "x" },
      ]),
    );
    const climbingRun = await run("restore", [climbing], env);
    expect([climbingRun.code, climbingRun.stderr]).toEqual([1, expect.stringMatching(/unsafe or unknown path \("\.\.\/\.\.\/escaped"\)/)]);
    expect(readdirSync(scratch)).not.toContain("escaped");
    expect(readdirSync(scratch)).not.toContain("target"); // not even created

    // This test's own DATA_DIR: its database is open in this process, as in a running server.
    const archive = path.join(scratch, "now.tar.gz");
    expect((await run("backup", ["--out", archive], serverEnv())).code).toBe(0);
    const dataDir = process.env.DATA_DIR!;
    await getDb().user.count(); // the app's connection is open
    const before = listing(dataDir);
    const inUse = await run("restore", [archive, "--force"], serverEnv());
    expect([inUse.code, inUse.stderr]).toEqual([1, expect.stringMatching(/has .* open: stop every process using DATA_DIR/)]);
    expect(listing(dataDir)).toEqual(before);

    // An archive from a newer Plume: its database applied a migration this code does not have.
    const future = path.join(scratch, "future");
    const futureDb = path.join(future, "plume.db");
    const seed = await run("restore", [archive], serverEnv({ DATA_DIR: future, DATABASE_URL: undefined }));
    expect(seed.code).toBe(0);
    const futureClient = createDb(`file:${futureDb}`);
    await futureClient.$executeRawUnsafe(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ('f', 'f', '99990101000000_from_the_future', current_timestamp, 1)`,
    );
    await futureClient.$disconnect();
    const futureArchive = path.join(scratch, "future.tar.gz");
    expect((await run("backup", ["--out", futureArchive], serverEnv({ DATA_DIR: future, DATABASE_URL: undefined }))).code).toBe(0);
    const newer = await run("restore", [futureArchive], env);
    expect([newer.code, newer.stderr]).toEqual([1, expect.stringMatching(/migration 99990101000000_from_the_future, newer than this Plume knows/)]);
    expect(readdirSync(scratch)).not.toContain("target");
  }, 120_000);
});

describe.runIf(!onSqlite)("on PostgreSQL", () => {
  it("backup and restore refuse and say how to use pg_dump and pg_restore instead", async () => {
    const backup = await run("backup", [], serverEnv());
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/pg_dump --format=custom/);
    const restore = await run("restore", [path.join(scratch, "any.tar.gz")], serverEnv());
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/pg_restore/);
  }, 60_000);
});

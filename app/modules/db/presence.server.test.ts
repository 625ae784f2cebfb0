import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, expect, it } from "vitest";
import { databaseInUse } from "~/modules/backup/sqlite.server";

let root: string;
beforeEach(() => void (root = mkdtempSync(path.join(tmpdir(), "plume-presence-"))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

it("a process that called keepDatabaseOpen shows as using the database until it ends, even idle", async () => {
  const file = path.join(root, "plume.db");
  // Migrated in a process of its own: this one must hold no connection on the file.
  const migrating = spawn(process.execPath, ["--import", "tsx", "-e", `import("./app/modules/db/migrate.server.ts").then((m) => m.migrate("file:${file}"))`], {
    stdio: "inherit",
  });
  await new Promise((resolve) => migrating.once("exit", resolve));
  expect(databaseInUse(file)).toBe(false);

  const server = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `import("./app/modules/db/presence.server.ts").then((m) => { m.keepDatabaseOpen("file:${file}"); console.log("open"); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    await new Promise<void>((resolve) => createInterface({ input: server.stdout! }).on("line", (line) => line === "open" && resolve()));
    expect(databaseInUse(file)).toBe(true);
  } finally {
    server.kill("SIGKILL");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  expect(databaseInUse(file)).toBe(false);
}, 30_000); // three processes start (tsx compiles on the way): seconds on a loaded machine

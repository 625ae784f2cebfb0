// `npm start`: builds the app only when its sources changed since the last build, then runs the
// server in this same process, so the running tree is npm → node (docs/decisions/0029).
// `npm run worker` is the same with the argument `worker`: the publisher alone instead of the server.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sourceFingerprint } from "./source-fingerprint.mjs";

const FINGERPRINT_FILE = path.resolve("build/.source-fingerprint");
const SERVER_ENTRY = path.resolve(process.argv[2] === "worker" ? "build/server/worker.js" : "build/server/index.js");
/** What a complete build leaves; any `npm run build` rewrites them, so their sizes and times say which build is there. */
const BUILD_OUTPUTS = ["build/server/index.js", "build/server/remix.js", "build/server/demo.js", "build/client/analytics/standalone.js"].map((file) =>
  path.resolve(file),
);

/** The build's outputs as they are now, or null when one is missing (no build, or a half-finished one). */
function outputStamp() {
  if (!BUILD_OUTPUTS.every((file) => existsSync(file))) return null;
  return BUILD_OUTPUTS.map((file) => {
    const { size, mtimeMs } = statSync(file);
    return `${size}:${mtimeMs}`;
  }).join(" ");
}

/** The record saved after our last build, when the outputs are still those it made. */
function savedRecord() {
  try {
    return JSON.parse(readFileSync(FINGERPRINT_FILE, "utf8"));
  } catch {
    return null;
  }
}

function runBuild() {
  // Under npm, npm_execpath is npm's own script: run it with this node, no shell in between.
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm, "run", "build", "--silent"]] : ["npm", ["run", "build", "--silent"]];
  const child = spawn(command, args, { stdio: "inherit", shell: !npm && process.platform === "win32" });
  // A stop asked for during the build stops the build too, instead of leaving it running alone.
  const forward = (signal) => child.kill(signal);
  process.on("SIGINT", forward).on("SIGTERM", forward);
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ code: 1, reason: `could not run it: ${error.message}` }));
    child.on("exit", (code, signal) => resolve(signal ? { code: 1, reason: `stopped by ${signal}` } : { code, reason: `exit code ${code}` }));
  }).finally(() => process.off("SIGINT", forward).off("SIGTERM", forward));
}

const sources = await sourceFingerprint();
const saved = savedRecord();
const stamp = outputStamp();
if (!stamp || saved?.sources !== sources || saved?.output !== stamp) {
  const why = !stamp
    ? "No complete build in build/ yet"
    : saved?.sources !== sources
      ? "The sources changed since the last build"
      : "build/ was rebuilt by another command";
  console.log(`${why}: building…`);
  // Gone until this build succeeds, so an interrupted build is redone on the next start.
  rmSync(FINGERPRINT_FILE, { force: true });
  const { code, reason } = await runBuild();
  if (code !== 0) {
    console.error(`\nThe build failed (${reason}); the server was not started.`);
    process.exit(code);
  }
  writeFileSync(FINGERPRINT_FILE, JSON.stringify({ sources, output: outputStamp() }) + "\n");
}

// The server registers its own SIGTERM/SIGINT handlers: running it here lets them receive the signals.
await import(pathToFileURL(SERVER_ENTRY).href);

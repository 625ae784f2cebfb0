import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import chromium from "@sparticuz/chromium";

// The package does not export its package.json: read it beside its entry point.
const entry = createRequire(import.meta.url).resolve("@sparticuz/chromium");
const { version } = JSON.parse(readFileSync(path.join(path.dirname(entry), "..", "package.json"), "utf8")) as { version: string };

/**
 * The Chromium that ships inside the `@sparticuz/chromium` npm package, unpacked once per version into
 * node_modules/.cache: `npm install` is then all a machine needs to run the end-to-end tests (see
 * docs/decisions/0017-browser-from-npm.md). The package unpacks into the temporary folder it reads
 * from TMPDIR, so TMPDIR points at a private folder for the call, renamed into place when complete:
 * a run that dies half-way never leaves a truncated browser behind, and parallel runs do not collide.
 */
export async function bundledChromium(): Promise<string> {
  const cache = path.resolve("node_modules/.cache/plume-chromium");
  const target = path.join(cache, version);
  const executable = path.join(target, "chromium");
  if (existsSync(executable)) return executable;

  const staging = path.join(cache, `.unpacking-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const previousTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await chromium.executablePath();
  } finally {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
  }
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another run finished first: use its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(executable)) throw error;
  }
  return executable;
}

/** What our machines need to run it headless as root, with no network beyond localhost. */
export const chromiumArgs = [
  "--no-sandbox",
  "--no-zygote",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

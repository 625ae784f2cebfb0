// The fingerprint of what `npm run build` turns into build/ (docs/decisions/0029): `npm start`
// rebuilds only when it differs from the one saved with the last build.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * What the build reads: the Remix app (app/, with the generated Prisma clients), the server bundle's
 * sources, public files, and the configs and lockfile that decide how they are built. content/ is
 * left out: the server reads it at every start, and the build only lets Tailwind scan it for class
 * names (as it scans the README and the tests), which content cannot use.
 */
export const BUILD_INPUTS = [
  "app",
  "server",
  "public",
  "prisma/schema.prisma",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build-server.mjs",
];

/** Folders that are never sources, wherever they appear. */
const SKIPPED_FOLDERS = new Set(["node_modules", "build", "data", "test-results", "playwright-report", "blob-report", ".cache", ".git"]);

/** Tests sit beside the code but are never part of the build (flatRoutes ignores them too). */
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

async function collectFiles(root, relative, files) {
  const absolute = path.join(root, relative);
  let entries;
  try {
    entries = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    if (error.code === "ENOTDIR") return void files.push(relative);
    if (error.code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await collectFiles(root, child, files);
    } else if (!isTestFile(entry.name)) {
      files.push(child);
    }
  }
}

/**
 * A SHA-256 over the path and contents of every build input under `root`. Contents rather than
 * modification times: a `touch` or a checkout back to the same commit does not cost a rebuild, and
 * reading the few megabytes takes well under a second.
 */
export async function sourceFingerprint(root = process.cwd(), inputs = BUILD_INPUTS) {
  const files = [];
  for (const input of inputs) await collectFiles(root, input, files);
  const hashes = await Promise.all(
    files.map(async (file) => {
      const contents = await readFile(path.join(root, file));
      return `${file.split(path.sep).join("/")}\0${createHash("sha256").update(contents).digest("hex")}`;
    }),
  );
  return createHash("sha256").update(hashes.sort().join("\n")).digest("hex");
}

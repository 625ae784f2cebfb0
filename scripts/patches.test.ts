import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const patchesDir = path.join(root, "patches");

/** The patch-package step of our postinstall, as package.json runs it. */
function patchStep(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const step = (pkg.scripts.postinstall ?? "")
    .split("&&")
    .map((part) => part.trim())
    .find((part) => part.startsWith("patch-package"));
  if (!step) throw new Error("postinstall does not run patch-package");
  return step.split(/\s+/).slice(1);
}

/** Lines a patch adds, per patched file (paths relative to the app root). */
function addedLines(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of patch.split("\n")) {
    if (line.startsWith("+++ b/")) files.set(line.slice(6), (current = []));
    else if (line.startsWith("+") && !line.startsWith("+++") && current) current.push(line.slice(1));
  }
  return files;
}

describe("patches/", () => {
  let tmp: string | undefined;
  afterEach(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    tmp = undefined;
  });

  it("makes the install fail when a patch no longer applies, in CI or not", () => {
    tmp = mkdtempSync(path.join(tmpdir(), "plume-patch-"));
    writeFileSync(path.join(tmp, "package.json"), JSON.stringify({ name: "t", version: "1.0.0" }));
    mkdirSync(path.join(tmp, "node_modules/foo"), { recursive: true });
    writeFileSync(path.join(tmp, "node_modules/foo/package.json"), JSON.stringify({ name: "foo", version: "1.0.0" }));
    writeFileSync(path.join(tmp, "node_modules/foo/index.js"), "module.exports = 2;\n");
    mkdirSync(path.join(tmp, "patches"));
    writeFileSync(
      path.join(tmp, "patches/foo+1.0.0.patch"),
      [
        "diff --git a/node_modules/foo/index.js b/node_modules/foo/index.js",
        "--- a/node_modules/foo/index.js",
        "+++ b/node_modules/foo/index.js",
        "@@ -1 +1 @@",
        "-module.exports = 1;",
        "+module.exports = 3;",
        "",
      ].join("\n"),
    );
    // As on a developer's machine: patch-package fails on its own only under CI or NODE_ENV=test.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development" };
    for (const name of ["CI", "CONTINUOUS_INTEGRATION", "BUILD_NUMBER", "RUN_ID"]) delete env[name];
    const run = spawnSync(path.join(root, "node_modules/.bin/patch-package"), patchStep(), { cwd: tmp, env, encoding: "utf8" });
    expect(run.stdout + run.stderr).toContain("Failed to apply patch for package foo");
    expect(run.status).not.toBe(0);
  });

  it("is applied to the @remix-run/router the server runs", () => {
    const patches = readdirSync(patchesDir).filter((name) => name.startsWith("@remix-run+router+"));
    expect(patches).toHaveLength(1);
    const patch = patches[0]!;
    const version = patch.replace(/^@remix-run\+router\+/, "").replace(/\.patch$/, "");
    // The copy that @remix-run/server-runtime loads, not whichever one sits on top.
    const fromRuntime = createRequire(createRequire(path.join(root, "package.json")).resolve("@remix-run/server-runtime"));
    const routerDir = path.dirname(fromRuntime.resolve("@remix-run/router/package.json"));
    expect(JSON.parse(readFileSync(path.join(routerDir, "package.json"), "utf8")).version).toBe(version);

    const added = addedLines(readFileSync(path.join(patchesDir, patch), "utf8"));
    expect(added.size).toBeGreaterThan(0);
    for (const [file, lines] of added) {
      const installed = readFileSync(path.join(routerDir, file.replace("node_modules/@remix-run/router/", "")), "utf8");
      const missing = lines.filter((line) => line.trim() !== "" && !installed.includes(line));
      expect(missing, file).toEqual([]);
    }
    expect(readFileSync(fromRuntime.resolve("@remix-run/router"), "utf8")).toContain("Plume patch (patches/)");
  });
});

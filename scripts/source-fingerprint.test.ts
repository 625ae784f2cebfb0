import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, sourceFingerprint } from "./source-fingerprint.mjs";

let root: string;

function write(file: string, contents = "x") {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "plume-fingerprint-"));
  write("app/root.tsx", "export default function App() {}");
  write("app/routes/_index.tsx", "export default function Index() {}");
  write("server/index.ts", "main();");
  write("public/favicon.svg", "<svg/>");
  write("package.json", "{}");
  write("vite.config.ts", "export default {};");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("sourceFingerprint", () => {
  it("is stable while nothing changes, even when files are touched", async () => {
    const before = await sourceFingerprint(root);
    utimesSync(path.join(root, "app/root.tsx"), new Date(), new Date(Date.now() + 60_000));
    expect(await sourceFingerprint(root)).toBe(before);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes when a source file's contents change, even at the same size", async () => {
    const before = await sourceFingerprint(root);
    write("server/index.ts", "main()!");
    expect(await sourceFingerprint(root)).not.toBe(before);
  });

  it("changes when a source file is added, removed or renamed", async () => {
    const original = await sourceFingerprint(root);
    write("app/routes/about.tsx", "export default function About() {}");
    const added = await sourceFingerprint(root);
    expect(added).not.toBe(original);
    rmSync(path.join(root, "app/routes/about.tsx"));
    expect(await sourceFingerprint(root)).toBe(original);
    rmSync(path.join(root, "public/favicon.svg"));
    expect(await sourceFingerprint(root)).not.toBe(original);
    write("public/icon.svg", "<svg/>");
    expect(await sourceFingerprint(root)).not.toBe(original);
  });

  it("follows each listed input, files and folders alike", async () => {
    for (const input of BUILD_INPUTS) {
      const before = await sourceFingerprint(root);
      write(input.includes(".") ? input : `${input}/added.ts`, `changed ${input}`);
      expect(await sourceFingerprint(root), input).not.toBe(before);
    }
  });

  it("ignores dependencies, build output, data, test results, git, tests and files outside the inputs", async () => {
    const before = await sourceFingerprint(root);
    write("node_modules/react/index.js");
    write("app/node_modules/.vite/deps.js");
    write("build/server/index.js");
    write("build/.source-fingerprint");
    write("data/plume.db");
    write("app/data/cache.json");
    write("test-results/run.json");
    write(".git/HEAD");
    write("app/.git/HEAD");
    write("app/routes/_index.test.tsx");
    write("server/security.test.ts");
    write("README.md");
    write("content/en/blog/post.md");
    write("tests/e2e/home.spec.ts");
    expect(await sourceFingerprint(root)).toBe(before);
  });

  it("does not depend on the order files are listed in", async () => {
    const listed = await sourceFingerprint(root, ["app", "server", "package.json"]);
    expect(await sourceFingerprint(root, ["package.json", "server", "app"])).toBe(listed);
  });
});

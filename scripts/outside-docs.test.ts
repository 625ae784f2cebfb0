import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// What the code relies on is written in docs/ in this repository; nothing points at documents that
// a clone of it does not have (the product's planning notes live elsewhere and change on their own).
const OUTSIDE = [/\b(?:SPEC|API|PROVIDERS|STACK|DESIGN|DEVELOPERS)\.md\b|\.\.\/shared\b/, /\bthe spec(?:'s)?\b|\bspec section/i];

describe("documents outside the repository", () => {
  it("no tracked file refers to them", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
      .split("\0")
      .filter((file) => file && !file.endsWith("package-lock.json") && !/\.(png|jpe?g|gif|webp|ico|woff2?)$/.test(file));
    const offenders = files.filter((file) => {
      if (file === "scripts/outside-docs.test.ts") return false;
      try {
        const text = readFileSync(file, "utf8");
        return OUTSIDE.some((pattern) => pattern.test(text));
      } catch {
        return false; // removed in the working tree
      }
    });
    expect(offenders).toEqual([]);
  });
});

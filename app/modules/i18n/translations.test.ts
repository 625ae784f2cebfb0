import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "./resources";

type Tree = { [key: string]: string | string[] | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
    } else out.set(`${prefix}${key}`, value);
  }
  return out;
}

const en = flatten(resources.en.common as unknown as Tree);
const fr = flatten(resources.fr.common as unknown as Tree);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "generated" ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".test.ts") ? [file] : [];
  });
}

/** Keys written twice in one object of a JSON file: JSON.parse keeps the last and the first is lost silently. */
function duplicateKeys(text: string): string[] {
  const found: string[] = [];
  const stack: Set<string>[] = [];
  // Strings first (keys and values), then braces: enough for our locale files, which hold only objects and strings.
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|[{}]/g)) {
    if (match[0] === "{") stack.push(new Set());
    else if (match[0] === "}") stack.pop();
    else if (match[2]) {
      const keys = stack.at(-1)!;
      if (keys.has(match[1]!)) found.push(match[1]!);
      keys.add(match[1]!);
    }
  }
  return found;
}

describe("translations", () => {
  it("writes no key twice in an object (a merge can leave two, and JSON keeps only the last)", () => {
    for (const locale of ["en", "fr"]) {
      expect(duplicateKeys(readFileSync(`app/locales/${locale}/common.json`, "utf8"))).toEqual([]);
    }
    expect(duplicateKeys('{"a": {"b": "x"}, "c": "y", "a": {"d": "z"}}')).toEqual(["a"]);
  });

  it("has the same keys in English and French", () => {
    expect([...fr.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("has no empty string and keeps every {{placeholder}} in both languages", () => {
    for (const [key, value] of en) {
      const other = fr.get(key);
      if (typeof value !== "string") continue;
      expect(value.trim(), key).not.toBe("");
      const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      expect(placeholders(other as string), key).toEqual(placeholders(value));
    }
  });

  it("defines every literal key the code uses", () => {
    const pattern = /(?:\bt\(|i18nKey=|labelKey: |titleKey: |title: |AppError\([^)]*?, \d{3}, )"([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)"/g;
    const schemaPattern = /"((?:validation|auth|errors|profile)\.[a-zA-Z0-9_.]+)"/g;
    const missing: string[] = [];
    for (const file of sourceFiles(path.resolve("app"))) {
      const source = readFileSync(file, "utf8");
      for (const match of [...source.matchAll(pattern), ...source.matchAll(schemaPattern)]) {
        const key = match[1]!;
        const known = en.has(key) || en.has(`${key}_one`) || [...en.keys()].some((k) => k.startsWith(`${key}.`));
        if (!known) missing.push(`${path.relative(process.cwd(), file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PLURAL_SUFFIX, resources } from "./resources";

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

/** Keys without a plural form, and each plural key's base with the forms it has (one, many, other…). */
function pluralGroups(keys: Map<string, unknown>) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of keys.keys()) {
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    if (!form) plain.add(key);
    else {
      const base = key.slice(0, -form.length - 1);
      plurals.set(base, (plurals.get(base) ?? new Set()).add(form));
    }
  }
  return { plain, plurals };
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

  it("has the same keys in English and French, each plural with the forms its language needs", () => {
    const [enKeys, frKeys] = [pluralGroups(en), pluralGroups(fr)];
    expect([...frKeys.plain].sort()).toEqual([...enKeys.plain].sort());
    expect([...frKeys.plurals.keys()].sort()).toEqual([...enKeys.plurals.keys()].sort());
    for (const [locale, { plurals }] of [
      ["en", enKeys],
      ["fr", frKeys],
    ] as const) {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      for (const [key, forms] of plurals) {
        // _zero is i18next's own extra form for 0: either language may say 0 its own way, both must.
        const zero = enKeys.plurals.get(key)!.has("zero") ? ["zero"] : [];
        expect([...forms].sort(), `${locale}: ${key}`).toEqual([...needed, ...zero].sort());
      }
    }
  });

  it("tells a missing or extra plural form apart (the check above is not empty)", () => {
    const en = pluralGroups(
      new Map([
        ["a.n_one", ""],
        ["a.n_other", ""],
        ["a.b", ""],
      ]),
    );
    expect(en.plain).toEqual(new Set(["a.b"]));
    expect(en.plurals).toEqual(new Map([["a.n", new Set(["one", "other"])]]));
  });

  it("says every {{count}} through a plural key", () => {
    const counted = [...en, ...fr].filter(([key, value]) => typeof value === "string" && /{{\s*count\b/.test(value) && !PLURAL_SUFFIX.test(key));
    expect(counted.map(([key]) => key)).toEqual([]);
  });

  it("has no empty string and keeps every {{placeholder}} in both languages", () => {
    // {{count, number}}: a placeholder with a format. A plural form is compared with English's
    // same form, or its _other (French has a _many that English has not; _one may leave out the 1).
    const placeholders = (s: string) =>
      [...s.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)]
        .map((m) => m[1])
        .filter((name) => name !== "count")
        .sort();
    for (const [key, value] of fr) {
      if (typeof value !== "string") continue;
      const english = en.get(key) ?? en.get(key.replace(PLURAL_SUFFIX, "_other"));
      expect(value.trim(), key).not.toBe("");
      expect(placeholders(value), key).toEqual(placeholders(english as string));
    }
  });

  it("defines every literal key the code uses, the schemas' messages included", () => {
    // t(), AppError and the rest are checked by typecheck (typed keys); a schema's message is a
    // plain string, so any literal that starts like one of our keys ("posts.validation.…") is looked up.
    const sections = Object.keys(resources.en.common).join("|");
    const pattern = new RegExp(`["'\`]((?:${sections})(?:\\.[a-zA-Z][a-zA-Z0-9_]*)+)["'\`]`, "g");
    const missing: string[] = [];
    for (const file of sourceFiles(path.resolve("app"))) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(pattern)) {
        const key = match[1]!;
        const known = en.has(key) || en.has(`${key}_one`) || [...en.keys()].some((k) => k.startsWith(`${key}.`));
        if (!known) missing.push(`${path.relative(process.cwd(), file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

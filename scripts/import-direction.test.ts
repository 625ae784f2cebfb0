// Import direction (docs/decisions/0044): eslint.config.js refuses an import that goes up a layer,
// and app/ has no import cycle, between folders or between files.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const RULE = "@typescript-eslint/no-restricted-imports";

const eslint = new ESLint({ cwd: root });

async function refused(file: string, importLine: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = [a];\n`, { filePath: path.join(root, file) });
  return result!.messages.some((message) => message.ruleId === RULE);
}

describe("import direction", () => {
  // Loading the config and its plugins takes seconds on a busy machine: once, before the cases.
  beforeAll(() => eslint.lintText("", { filePath: path.join(root, "app/root.tsx") }), 60_000);

  it.each([
    ["app/integrations/probe.server.ts", 'import { a } from "~/modules/db/db.server";'],
    ["app/integrations/probe.server.ts", 'import { a } from "../modules/db/db.server";'],
    ["app/core/env/probe.ts", 'import { a } from "~/integrations/http.server";'],
    ["app/core/env/probe.ts", 'import { a } from "~/modules/errors/app-error";'],
    ["app/modules/posts/probe.ts", 'import { a } from "~/utils/cn";'],
    ["app/modules/posts/probe.ts", 'import { a } from "~/components/ui/button";'],
    ["app/modules/posts/probe.ts", 'import { a } from "~/root";'],
    ["app/utils/probe.ts", 'import { a } from "~/components/ui/button";'],
    ["app/utils/probe.ts", 'import { a } from "~/integrations/networks/twitter/client.server";'],
    ["app/components/probe.tsx", 'import { a } from "~/routes/_default.search";'],
    ["app/components/probe.tsx", 'import { a } from "~/integrations/stripe.server";'],
    ["app/components/probe.tsx", 'import { a } from "~/modules/posts/post-view.server";'],
    ["app/utils/probe.ts", 'import { a } from "~/modules/forms/reply.server";'],
    ["app/routes/probe.tsx", 'import { a } from "~/integrations/stripe.server";'],
  ])("refuses in %s: %s", async (file, importLine) => {
    expect(await refused(file, importLine)).toBe(true);
  });

  it.each([
    ["app/modules/posts/probe.ts", 'import { a } from "~/integrations/networks/twitter/client.server";'],
    ["app/integrations/probe.server.ts", 'import { a } from "~/core/env/env.server";'],
    ["app/utils/probe.ts", 'import { a } from "~/modules/theme/color-mode";'],
    ["app/components/probe.tsx", 'import type { a } from "~/routes/_default.search";'],
    ["app/components/probe.tsx", 'import { a } from "~/utils/cn";'],
    ["app/components/probe.tsx", 'import type { a } from "~/modules/posts/post-view.server";'],
    ["app/routes/probe.tsx", 'import { a } from "~/core/logger/logger.server";'],
  ])("lets through in %s: %s", async (file, importLine) => {
    expect(await refused(file, importLine)).toBe(false);
  });
});

/** Each source file of app/ (tests excepted, as in the lint) and the files of app/ it imports. */
function importGraph(): Map<string, string[]> {
  const app = path.join(root, "app");
  const files = readdirSync(app, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.includes(".test.") && !name.startsWith("generated/"))
    .map((name) => `app/${name}`);
  const known = new Set(files);
  const resolve = (target: string) => [target, `${target}.ts`, `${target}.tsx`].find((candidate) => known.has(candidate));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), "utf8");
    const targets: string[] = [];
    for (const [, typeOnly, spec] of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/gm)) {
      if (!spec) continue;
      const target = spec.startsWith("~/") ? `app/${spec.slice(2)}` : spec.startsWith(".") ? path.posix.join(path.posix.dirname(file), spec) : null;
      const resolved = target && resolve(target);
      if (!resolved) continue;
      // A route's loader type imported from below (the lint allows it): erased at build.
      if (typeOnly && (resolved.startsWith("app/routes/") || resolved === "app/root.tsx")) continue;
      targets.push(resolved);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The folder a file counts in: app/modules/<area>, app/core/<part>, else app/<folder> (app/*: the top). */
function folderOf(file: string): string {
  const parts = file.split("/");
  if (parts[1] === "modules" || parts[1] === "core") return parts.slice(0, 3).join("/");
  return parts.length === 2 ? "app" : parts.slice(0, 2).join("/");
}

/** Strongly connected components with more than one member (Tarjan): the cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1) found.push(members.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

it("app/utils holds no server code (it is for routes and components)", () => {
  const serverFiles = readdirSync(path.join(root, "app/utils"), { recursive: true, encoding: "utf8" }).filter((name) => /\.server\.tsx?$/.test(name));
  expect(serverFiles).toEqual([]);
});

describe("import cycles in app/", () => {
  const files = importGraph();

  it("reads the imports it checks", () => {
    expect(files.get("app/modules/publishing/outcome.server.ts")).toContain("app/modules/publishing/published-rows.server.ts");
    expect(files.get("app/integrations/http.server.ts")).toContain("app/core/env/env.server.ts");
  });

  it("none between files", () => {
    expect(cycles(files)).toEqual([]);
  });

  it("none between folders", () => {
    const folders = new Map<string, string[]>();
    for (const [file, targets] of files) {
      const from = folderOf(file);
      const edges = folders.get(from) ?? [];
      for (const target of targets) if (folderOf(target) !== from) edges.push(folderOf(target));
      folders.set(from, edges);
    }
    expect(cycles(folders)).toEqual([]);
  });
});

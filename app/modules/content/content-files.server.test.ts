import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONTENT_ICONS } from "~/components/marketing/content-icon";
import { FREE_SCHEDULED_POSTS_PER_MONTH } from "~/modules/subscriptions/plan-limits";
import { ContentError } from "./content-types";
import { loadContent } from "./content-files.server";
import { renderContentApart } from "./content.server";

const real = path.resolve("content");
const copies: string[] = [];
function copyOfContent(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "plume-content-"));
  cpSync(real, dir, { recursive: true });
  copies.push(dir);
  return dir;
}
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("content/", () => {
  const content = loadContent(real);

  it("is valid in both languages, with the same pages in each", () => {
    for (const locale of ["en", "fr"] as const) {
      expect(content[locale].blog.length, locale).toBeGreaterThan(0);
      expect(content[locale].docs.map((d) => d.path)).toContain("/docs/getting-started");
      expect(Object.keys(content[locale].pages).sort()).toEqual(["about", "careers", "contact", "privacy", "terms"]);
      expect(content[locale].pricing.plans.map((p) => p.id)).toEqual(["free", "pro", "enterprise"]);
    }
    expect(content.fr.docs.map((d) => d.path).sort()).toEqual(content.en.docs.map((d) => d.path).sort());
    expect(content.fr.blog.map((p) => p.path).sort()).toEqual(content.en.blog.map((p) => p.path).sort());
  });

  it("says the product's numbers: pro at 29 a month, free at 0, enterprise custom", () => {
    for (const locale of ["en", "fr"] as const) {
      const plans = Object.fromEntries(content[locale].pricing.plans.map((p) => [p.id, p.price]));
      expect(plans.free).toEqual({ monthly: 0, yearly: 0 });
      expect(plans.pro?.monthly).toBe(29);
      expect(plans.enterprise).toEqual({ monthly: null, yearly: null });
    }
  });

  it("promises the free plan's scheduled posts a month that the server enforces", () => {
    const promised = { en: `${FREE_SCHEDULED_POSTS_PER_MONTH} scheduled posts a month`, fr: `${FREE_SCHEDULED_POSTS_PER_MONTH} posts planifiés par mois` };
    for (const locale of ["en", "fr"] as const) {
      const { pricing } = content[locale];
      expect(pricing.plans.find((p) => p.id === "free")!.features).toContain(promised[locale]);
      const rows = pricing.comparison.groups.flatMap((group) => group.rows);
      expect(rows.filter((row) => row.free === String(FREE_SCHEDULED_POSTS_PER_MONTH)).length, locale).toBe(1);
      expect(JSON.stringify(pricing)).not.toContain("{{");
    }
  });

  it("refuses a placeholder in the pricing that names no plan number", () => {
    const dir = copyOfContent();
    const file = path.join(dir, "en", "pricing.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("{{freeScheduledPostsPerMonth}} scheduled", "{{freePostsPerMonth}} scheduled"));
    expect(() => loadContent(dir)).toThrow(/en\/pricing\.yaml[\s\S]*unknown placeholder \{\{freePostsPerMonth\}\}/);
  });

  it("names only icons the site ships", () => {
    for (const locale of ["en", "fr"] as const) {
      const { index } = content[locale];
      const names = [...index.features.items, ...index.sections.flatMap((s) => s.items)].map((item) => item.icon).filter(Boolean);
      expect(names.filter((name) => !CONTENT_ICONS[name!])).toEqual([]);
    }
  });

  it("renders Markdown without any raw HTML or script from the source", () => {
    for (const doc of [...content.en.docs, ...content.en.blog, ...Object.values(content.en.pages)]) {
      expect(doc.body.html, doc.id).not.toMatch(/<script|javascript:|onerror=/i);
    }
    const start = content.en.docs.find((d) => d.path === "/docs/getting-started")!;
    expect(start.body.toc.length).toBeGreaterThan(3);
    expect(start.body.html).toContain('class="heading-anchor"');
  });

  it("reports a broken file with its path and the field at fault", () => {
    const dir = copyOfContent();
    const file = path.join(dir, "fr", "pricing.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace(/currency: "EUR"/, 'currency: "GBP"'));
    expect(() => loadContent(dir)).toThrow(ContentError);
    expect(() => loadContent(dir)).toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[\\s\\S]*currency`));
  });

  it("reports front matter that is missing a field, and YAML that does not parse", () => {
    const dir = copyOfContent();
    const post = path.join(dir, "en", "blog", "why-posts-fail-to-publish.md");
    writeFileSync(post, readFileSync(post, "utf8").replace(/^date: .*$/m, ""));
    expect(() => loadContent(dir)).toThrow(/why-posts-fail-to-publish\.md[\s\S]*date/);
    const other = copyOfContent();
    writeFileSync(path.join(other, "en", "index.yaml"), "title: [unclosed");
    expect(() => loadContent(other)).toThrow(/en\/index\.yaml/);
  });
});

// A child node with tsx takes seconds on a busy machine: a bound against hanging, not a timing.
describe("the content reader run apart (what the built server does)", { timeout: 60_000 }, () => {
  const reader = ["--import", "tsx", path.resolve("app/modules/content/render-content.ts")];

  it("gives the server exactly what reading in process gives", async () => {
    expect(await renderContentApart(reader, real)).toEqual(loadContent(real));
  });

  it("fails naming the bad file, as reading in process does", async () => {
    const dir = copyOfContent();
    writeFileSync(path.join(dir, "en", "index.yaml"), "hero: [unclosed");
    await expect(renderContentApart(reader, dir)).rejects.toThrow(/index\.yaml/);
  });
});

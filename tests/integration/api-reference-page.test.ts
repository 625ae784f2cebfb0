// /docs/api (docs/decisions/0077) through the whole app: every operation of the served OpenAPI
// document listed in the server-rendered page (what a reader without JavaScript gets), in English and
// French; the docs navigation leading to it and to the "Automate with the API" page; and Scalar's
// script served by us with the cache headers its versioned address allows.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiJson } from "~/modules/api/openapi.server";
import { loadAllContent } from "~/modules/content/content.server";
import { startAppServer, type AppServer } from "../support/app-server";

let app: AppServer;
beforeAll(async () => {
  await loadAllContent();
  app = await startAppServer();
}, 120_000);
afterAll(() => app?.close());

const document = JSON.parse(openApiJson()) as { paths: Record<string, Record<string, { summary: string }>> };
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, summary: operation.summary })),
);
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("/docs/api", { timeout: 60_000 }, () => {
  it("lists every operation of the OpenAPI document, with its summary, in the server-rendered HTML", async () => {
    expect(operations.length).toBeGreaterThan(30);
    const response = await fetch(`${app.url}/docs/api`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>API reference");
    expect(html).toContain('href="/api/openapi.json"');
    for (const { method, path, summary } of operations) {
      expect(html, `${method} ${path}`).toContain(`data-operation="${method} ${escape(path)}"`);
      expect(html, `${method} ${path}`).toContain(escape(summary));
    }
    // Scalar's script is not in the page: the page's code adds it when it runs.
    expect(html).not.toMatch(/<script[^>]+api-reference\.js/);
  });

  it("speaks French with ?lang=fr", async () => {
    const html = await (await fetch(`${app.url}/docs/api?lang=fr`)).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("Référence de l&#x27;API");
    expect(html).toContain("Toutes les opérations");
  });

  it("is in the docs navigation with the Automate page, which answers too", async () => {
    const html = await (await fetch(`${app.url}/docs/getting-started`)).text();
    expect(html).toMatch(/<a[^>]+href="\/docs\/api"[^>]*>Reference<\/a>/);
    expect(html).toMatch(/<a[^>]+href="\/docs\/api\/automate"[^>]*>Automate with the API<\/a>/);
    const automate = await fetch(`${app.url}/docs/api/automate?lang=fr`);
    expect(automate.status).toBe(200);
    expect(await automate.text()).toContain("Vérifier la signature");
  });
});

describe("/api-reference.js", { timeout: 60_000 }, () => {
  const file = readFileSync(new URL("../../node_modules/@scalar/api-reference/dist/browser/standalone.js", import.meta.url));
  const { version } = JSON.parse(readFileSync(new URL("../../node_modules/@scalar/api-reference/package.json", import.meta.url), "utf8")) as {
    version: string;
  };

  it("serves Scalar's browser build, kept for a year at its versioned address", async () => {
    const response = await fetch(`${app.url}/api-reference.js?v=${version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
  });

  it("is kept an hour only at another address, and answers 304 to a browser that has it", async () => {
    const stale = await fetch(`${app.url}/api-reference.js?v=0.0.1`, { method: "HEAD" });
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const etag = stale.headers.get("ETag")!;
    const again = await fetch(`${app.url}/api-reference.js?v=${version}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});

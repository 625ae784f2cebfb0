// A signed-in non-admin asking for any admin page gets the site's 403 page, in their language,
// whichever admin route answers (the layout, an index that only redirects, a page).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../support/admin";
import { startAppServer, type AppServer } from "../support/app-server";
import { uniqueEmail } from "./helpers";

let app: AppServer;
let cookie: string;
beforeAll(async () => {
  app = await startAppServer();
  cookie = (await makeUser(uniqueEmail("plain"))).cookie;
}, 120_000);
afterAll(() => app?.close());

const ADMIN_PAGES = ["/admin", "/admin/", "/admin/users", "/admin/analytics", "/admin/settings"];

describe("admin pages for a signed-in non-admin", { timeout: 60_000 }, () => {
  it.each(ADMIN_PAGES)("%s answers the 403 page in English", async (path) => {
    const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Access denied");
    expect(html).toContain("This page is reserved for administrators.");
  });

  it.each(ADMIN_PAGES)("%s answers the 403 page in French", async (path) => {
    const response = await fetch(`${app.url}${path}?lang=fr`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("Accès refusé");
    expect(html).toContain("Cette page est réservée aux administrateurs.");
  });

  it("every admin route under the layout is a page, so its errors reach the layout's error page", async () => {
    const adminRoutes = Object.values(app.routes).filter((route) => route.id.startsWith("routes/_dashboard.admin"));
    expect(adminRoutes.map((route) => route.id)).toContain("routes/_dashboard.admin._index");
    for (const route of adminRoutes) expect(typeof route.module.default, route.id).toBe("function");
  });
});

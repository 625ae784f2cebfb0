import { chromium } from "@playwright/test";
const base = "http://localhost:3300";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu"] });
const pages = process.argv.slice(2);
for (const [scheme, viewport, tag] of [["light", { width: 1280, height: 900 }, "desk-light"], ["dark", { width: 390, height: 844 }, "phone-dark"], ["dark", { width: 1280, height: 900 }, "desk-dark"], ["light", { width: 390, height: 844 }, "phone-light"]]) {
  const ctx = await browser.newContext({ viewport, colorScheme: scheme });
  const page = await ctx.newPage();
  // sign up an admin once per context
  const r = await page.request.post(base + "/api/auth/login", { data: { email: "admin@x.test", password: "password123" } });
  if (r.status() !== 200) await page.request.post(base + "/api/auth/register", { data: { email: "admin@x.test", password: "password123" } });
  for (const p of pages) {
    const [path, anon] = p.split("@");
    const target = anon ? await (await browser.newContext({ viewport, colorScheme: scheme })).newPage() : page;
    await target.goto(base + path);
    await target.waitForTimeout(400);
    await target.screenshot({ path: `/tmp/shots/${path.replace(/\W+/g, "_") || "root"}${anon ? "_anon" : ""}-${tag}.png`, fullPage: true });
  }
  await ctx.close();
}
await browser.close();

// Someone signs up first with an ADMIN_EMAILS address and a password of their own. The mailbox's
// owner takes the account back through the mailed link, over real HTTP: following the link alone
// grants nothing; choosing a new password ends the squatter's sessions, then the owner is admin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { makeUser } from "../support/admin";
import { HttpVisitor, startAppServer, type AppServer } from "../support/app-server";
import { lastMailedToken, uniqueEmail } from "./helpers";

const LISTED = "admin@example.com";
let app: AppServer;
beforeAll(async () => {
  app = await startAppServer();
}, 120_000);
afterAll(() => app?.close());

const signUpForm = (password: string) => ({ email: LISTED, password, confirmPassword: password, acceptTerms: "on" });
const signIn = (visitor: HttpVisitor, password: string) => visitor.post("/login", { email: LISTED, password });

describe("pre-registering an ADMIN_EMAILS address", { timeout: 60_000 }, () => {
  it("gives the squatter nothing; the owner's link leads to a new password, which ends the squatter's sessions and only then grants admin", async () => {
    const squatter = new HttpVisitor(app);
    const signedUp = await squatter.post("/signup", signUpForm("squatter-password"));
    expect(signedUp.status).toBe(302);
    expect((await squatter.get("/admin/users")).status).toBe(403);

    // The owner follows the verification link from the mailbox, in another browser.
    const owner = new HttpVisitor(app);
    const followed = await owner.get(`/verify-email?token=${lastMailedToken(LISTED, "/verify-email")}`);
    // Following the link alone grants nothing, to any session.
    expect((await squatter.get("/admin/users")).status).toBe(403);
    expect((await squatter.get("/admin")).status).toBe(403);
    expect(followed.status).toBe(302);
    const choose = new URL(followed.headers.get("Location")!, app.url);
    expect(choose.pathname).toBe("/reset-password");

    const form = await owner.get(`${choose.pathname}${choose.search}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="password"');
    const chosen = await owner.post("/reset-password", {
      token: choose.searchParams.get("token")!,
      password: "owner-password",
      confirmPassword: "owner-password",
    });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("Location")).toBe("/login");

    // The squatter's session has ended, and their password no longer opens the account.
    const ended = await squatter.get("/admin/users");
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Location")).toMatch(/^\/login/);
    expect((await signIn(new HttpVisitor(app), "squatter-password")).status).toBe(401);

    expect((await signIn(owner, "owner-password")).status).toBe(302);
    expect((await owner.get("/admin/users")).status).toBe(200);
    const index = await owner.get("/admin");
    expect(index.status).toBe(302);
    expect(index.headers.get("Location")).toBe("/admin/users");
    const sessions = await getDb().session.count({ where: { user: { email: LISTED } } });
    expect(sessions).toBe(1);
  });
});

describe("promotions on the admin page", { timeout: 60_000 }, () => {
  const rowOf = (html: string, email: string) => {
    const start = html.indexOf(`>${email}<`);
    return html.slice(start, html.indexOf("</tr>", start));
  };

  it("records who granted each one, marks those whose granter is no longer an admin, and revokes them from a form", async () => {
    const first = await makeUser(uniqueEmail("first"), { promotedAdmin: true });
    const second = await makeUser(uniqueEmail("second"));
    const granted = await makeUser(uniqueEmail("granted"));
    const firstAdmin = new HttpVisitor(app, first.cookie);
    for (const user of [second, granted]) {
      expect((await firstAdmin.post("/admin/users", { intent: "promote", userId: user.id })).status).toBe(302);
    }
    const secondAdmin = new HttpVisitor(app, second.cookie);
    let page = await (await secondAdmin.get(`/admin/users?q=${encodeURIComponent(granted.email)}`)).text();
    expect(rowOf(page, granted.email)).toContain(`By ${first.email}, `);

    // The first admin's own rights go (revoked, say, as a takeover's): what they granted stays, marked.
    expect((await secondAdmin.post("/admin/users", { intent: "demote", userId: first.id })).status).toBe(302);
    page = await (await secondAdmin.get(`/admin/users?q=${encodeURIComponent(granted.email)}&lang=fr`)).text();
    expect(rowOf(page, granted.email)).toContain(`Par ${first.email} (qui n&#x27;est plus admin), `);

    const revoked = await secondAdmin.post("/admin/users", { intent: "demote", userId: granted.id });
    expect(revoked.status).toBe(302);
    expect((await new HttpVisitor(app, granted.cookie).get("/admin/users")).status).toBe(403);
    page = await (await secondAdmin.get(`/admin/users?q=${encodeURIComponent(granted.email)}`)).text();
    expect(rowOf(page, granted.email)).not.toContain("By ");
    expect(rowOf(page, granted.email)).toContain("Make admin");
  });
});

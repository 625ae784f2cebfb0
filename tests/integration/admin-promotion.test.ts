// Promotion and demotion, from the page and the API, and the CSV exports' every row and escaping.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getSessionState } from "~/modules/auth/session.server";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import * as usersCsv from "~/routes/admin.users[.]csv";
import * as waitlistCsv from "~/routes/admin.waitlist[.]csv";
import * as apiUser from "~/routes/api.admin.users.$userId";
import * as apiUsers from "~/routes/api.admin.users";
import * as usersPage from "~/routes/_dashboard.admin.users";
import { args, makeUser, outcome, type Handler } from "../support/admin";
import { uniqueEmail } from "./helpers";

let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  admin = await makeUser("admin@example.com");
});

const patch = (id: string, body: unknown, cookie = admin.cookie) =>
  outcome(apiUser.action as Handler, args(`/api/admin/users/${id}`, { method: "PATCH", cookie, body }));
const submit = (form: Record<string, string>, cookie = admin.cookie, path = "/admin/users?q=x&sort=email") =>
  outcome(usersPage.action as Handler, args(path, { method: "POST", cookie, form }));
const isAdminNow = async (cookie: string) => {
  const state = await getSessionState(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
  return state.status === "valid" && state.user.isAdmin;
};

describe("promotion", () => {
  it("promotes a verified account, which may then promote and demote others, and demotes it again", async () => {
    const helper = await makeUser(uniqueEmail("helper"));
    const promoted = await patch(helper.id, { isAdmin: true });
    expect(promoted).toMatchObject({ status: 200, body: { data: { id: helper.id, role: "admin", isAdmin: true, adminSource: "promotion" } } });
    expect(await isAdminNow(helper.cookie)).toBe(true);

    const third = await makeUser(uniqueEmail("third"));
    expect((await patch(third.id, { isAdmin: "true" }, helper.cookie)).status).toBe(200);
    expect((await patch(third.id, { isAdmin: false }, helper.cookie)).body.data).toMatchObject({ isAdmin: false, adminSource: null });

    const demoted = await submit({ intent: "demote", userId: helper.id });
    expect(demoted.status).toBe(302);
    expect(demoted.response!.headers.get("Location")).toBe("/admin/users?q=x&sort=email");
    expect(await isAdminNow(helper.cookie)).toBe(false);
  });

  it("never changes one's own rights", async () => {
    const api = await patch(admin.id, { isAdmin: false });
    expect(api).toMatchObject({
      status: 409,
      body: { error: { code: "own_role_unchangeable", message: "You cannot change your own admin rights: ask another admin." } },
    });
    const page = await submit({ intent: "demote", userId: admin.id });
    expect(page.status).toBe(409);
    expect(page.body.result.error[""]).toEqual(["You cannot change your own admin rights: ask another admin."]);
    const promotedSelf = await makeUser(uniqueEmail("self"), { promotedAdmin: true });
    expect((await patch(promotedSelf.id, { isAdmin: false }, promotedSelf.cookie)).body.error.code).toBe("own_role_unchangeable");
  });

  it("cannot demote an ADMIN_EMAILS address, even as another admin, and says so in French too", async () => {
    const other = await makeUser(uniqueEmail("other"), { promotedAdmin: true });
    expect(await patch(admin.id, { isAdmin: false }, other.cookie)).toMatchObject({ status: 409, body: { error: { code: "listed_admin" } } });
    const french = await outcome(
      usersPage.action as Handler,
      args("/admin/users?lang=fr", { method: "POST", cookie: other.cookie, form: { intent: "demote", userId: admin.id } }),
    );
    expect(french.body.result.error[""][0]).toContain("figure dans ADMIN_EMAILS");
    expect(await isAdminNow(admin.cookie)).toBe(true);
  });

  it("promotes only verified accounts; refuses unknown ids and unreadable bodies", async () => {
    const unverified = await makeUser(uniqueEmail("unverified"), { verified: false });
    expect((await patch(unverified.id, { isAdmin: true })).body.error.code).toBe("account_unverified");
    expect((await patch("no-such-user", { isAdmin: true })).status).toBe(404);
    expect((await patch("bad id!", { isAdmin: true })).status).toBe(404);
    expect(await patch(unverified.id, { isAdmin: "yes" })).toMatchObject({ status: 422, body: { error: { fields: { isAdmin: "Expected true or false" } } } });
    expect((await submit({ intent: "crown", userId: unverified.id })).status).toBe(400);
  });
});

const listed = async (email: string) => {
  const { body } = await outcome(apiUsers.loader as Handler, args(`/api/admin/users?q=${encodeURIComponent(email)}`, { cookie: admin.cookie }));
  return body.data[0];
};

describe("promotion records", () => {
  afterEach(() => vi.useRealTimers());

  it("records who promoted and when, in the API and the page; revoking clears the record", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T10:00:00.000Z"));
    const helper = await makeUser(uniqueEmail("recorded"));
    const promoted = await patch(helper.id, { isAdmin: true });
    const record = { promotedAt: "2026-03-01T10:00:00.000Z", promotedBy: { id: admin.id, email: "admin@example.com", isAdmin: true } };
    expect(promoted.body.data).toMatchObject({ adminSource: "promotion", ...record });
    expect(await listed(helper.email)).toMatchObject(record);
    const page = await outcome(usersPage.loader as Handler, args(`/admin/users?q=${encodeURIComponent(helper.email)}`, { cookie: admin.cookie }));
    expect(page.body.users[0]).toMatchObject(record);

    const revoked = await submit({ intent: "demote", userId: helper.id });
    expect(revoked.status).toBe(302);
    expect(await listed(helper.email)).toMatchObject({ isAdmin: false, adminSource: null, promotedAt: null, promotedBy: null });
    const row = await getDb().user.findUniqueOrThrow({ where: { id: helper.id } });
    expect(row).toMatchObject({ promotedAdmin: false, promotedAt: null, promotedById: null });
    expect(await isAdminNow(helper.cookie)).toBe(false);
  });

  it("shows promotions whose granter is no longer an admin, or was never recorded, and lets them be revoked", async () => {
    const granter = await makeUser(uniqueEmail("granter"));
    await patch(granter.id, { isAdmin: true });
    const granted = await makeUser(uniqueEmail("granted"));
    expect((await patch(granted.id, { isAdmin: true }, granter.cookie)).status).toBe(200);
    await patch(granter.id, { isAdmin: false });
    // The granter's rights went; what they granted stays, marked, until an admin revokes it.
    expect(await listed(granted.email)).toMatchObject({ isAdmin: true, promotedBy: { id: granter.id, isAdmin: false } });

    // Promotions made before they were recorded: no date, no granter.
    const older = await makeUser(uniqueEmail("older"), { promotedAdmin: true });
    expect(await listed(older.email)).toMatchObject({ isAdmin: true, adminSource: "promotion", promotedAt: null, promotedBy: null });

    for (const user of [granted, older]) {
      expect((await submit({ intent: "demote", userId: user.id })).status).toBe(302);
      expect(await isAdminNow(user.cookie)).toBe(false);
    }
  });

  it("never promotes an ADMIN_EMAILS address: its owner claims it from the mailed link", async () => {
    const other = await makeUser(uniqueEmail("other"), { promotedAdmin: true });
    const answer = await patch(admin.id, { isAdmin: true }, other.cookie);
    expect(answer).toMatchObject({ status: 409, body: { error: { code: "listed_admin" } } });
    expect(answer.body.error.message).toContain("chooses a password from the mailed link");
  });
});

async function csvOf(handler: Handler, path: string) {
  const { response } = await outcome(handler, args(path, { cookie: admin.cookie }));
  expect(response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response!.headers.get("Content-Disposition")).toMatch(/^attachment; filename="plume-.*\.csv"$/);
  return (await response!.text()).split("\r\n");
}

describe("CSV exports", () => {
  it("lists every account, with formula cells defused", async () => {
    await makeUser("=cmd@evil.example");
    await makeUser("+sum@evil.example");
    const lines = await csvOf(usersCsv.loader as Handler, "/admin/users.csv");
    // One column per network after "posts", the version 1 pair first.
    expect(lines[0]).toBe(`id,email,role,admin_source,verified,plan,posts,${NETWORK_IDS.join(",")},created_at,updated_at`);
    expect(lines[0]).toMatch(/,posts,linkedin,twitter,bluesky,/);
    expect(lines.filter(Boolean)).toHaveLength((await getDb().user.count()) + 1);
    expect(lines.some((line) => line.includes(",'=cmd@evil.example,"))).toBe(true);
    expect(lines.some((line) => line.includes(",'+sum@evil.example,"))).toBe(true);
    expect(lines.find((line) => line.includes(",admin@example.com,"))).toContain(",admin,list,true,");
  });

  it("lists every waitlist entry across batches, quoting commas, quotes and line breaks", async () => {
    const db = getDb();
    await db.waitlistEntry.createMany({ data: Array.from({ length: 520 }, (_, i) => ({ fullName: `Person ${i}`, email: `w${i}@wait.example` })) });
    await db.waitlistEntry.create({ data: { fullName: 'Doe, "Jo"\nJr', email: "quoted@wait.example" } });
    await db.waitlistEntry.create({ data: { fullName: "-2+3", email: "@at@wait.example" } });
    const text = (await csvOf(waitlistCsv.loader as Handler, "/admin/waitlist.csv")).join("\r\n");
    expect(text.startsWith("id,full_name,email,locale,created_at\r\n")).toBe(true);
    expect(text).toContain(`,"Doe, ""Jo""\nJr",quoted@wait.example,en,`);
    expect(text).toContain(",'-2+3,'@at@wait.example,en,");
    expect(text.match(/@wait\.example/g)).toHaveLength(522);
  });
});

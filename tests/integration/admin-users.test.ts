// The admin's user management through its real route modules: who may see it (403 / 401), the
// API's search, paging and 422s, the promotion rules, and the CSV exports' escaping.
import { beforeAll, describe, expect, it } from "vitest";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import * as usersCsv from "~/routes/admin.users[.]csv";
import * as waitlistCsv from "~/routes/admin.waitlist[.]csv";
import * as apiUser from "~/routes/api.admin.users.$userId";
import * as apiUsers from "~/routes/api.admin.users";
import * as adminIndex from "~/routes/_dashboard.admin._index";
import * as adminLayout from "~/routes/_dashboard.admin";
import * as usersPage from "~/routes/_dashboard.admin.users";
import { args, makeUser, outcome, type Handler } from "../support/admin";
import { uniqueEmail } from "./helpers";

let admin: Awaited<ReturnType<typeof makeUser>>;
let user: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  admin = await makeUser("admin@example.com");
  user = await makeUser(uniqueEmail("plain"));
});

describe("who may use the admin pages and API", () => {
  const pages: [string, Handler, string][] = [
    ["admin layout", adminLayout.loader as Handler, "/admin"],
    ["admin index", adminIndex.loader as Handler, "/admin"],
    ["users page", usersPage.loader as Handler, "/admin/users"],
    ["users action", usersPage.action as Handler, "/admin/users"],
    ["users.csv", usersCsv.loader as Handler, "/admin/users.csv"],
    ["waitlist.csv", waitlistCsv.loader as Handler, "/admin/waitlist.csv"],
  ];
  it.each(pages)("%s: 403 for a signed-in non-admin, sign-in for an anonymous visitor", async (_name, handler, path) => {
    const method = _name === "users action" ? "POST" : "GET";
    const form = method === "POST" ? { intent: "promote", userId: user.id } : undefined;
    expect((await outcome(handler, args(path, { method, cookie: user.cookie, form }))).status).toBe(403);
    const anonymous = await outcome(handler, args(path, { method, form }));
    expect(anonymous.status).toBe(302);
    expect(anonymous.response!.headers.get("Location")).toMatch(/^\/login/);
  });

  it("answers the API with 403 JSON to a non-admin and 401 to nobody", async () => {
    for (const [handler, path, method, body] of [
      [apiUsers.loader, "/api/admin/users", "GET", undefined],
      [apiUser.action, `/api/admin/users/${user.id}`, "PATCH", { isAdmin: true }],
    ] as const) {
      const forbidden = await outcome(handler as Handler, args(path, { method, cookie: user.cookie, body }));
      expect(forbidden).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
      expect((await outcome(handler as Handler, args(path, { method, body }))).body.error.code).toBe("unauthorized");
    }
    expect(await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ promotedAdmin: false });
  });

  it("does not take an unverified ADMIN_EMAILS-looking address for an admin", async () => {
    const unverified = await makeUser(uniqueEmail("unverified"), { verified: false, promotedAdmin: true });
    expect((await outcome(apiUsers.loader as Handler, args("/api/admin/users", { cookie: unverified.cookie }))).status).toBe(403);
  });
});

describe("GET /api/admin/users", () => {
  beforeAll(async () => {
    for (let i = 0; i < 30; i += 1) await makeUser(`Paging-${String(i).padStart(2, "0")}@list.example`.toLowerCase());
    const posted = await getDb().user.findUniqueOrThrow({ where: { email: "paging-07@list.example" } });
    await getDb().post.createMany({
      data: [
        { userId: posted.id, workspaceId: posted.id },
        { userId: posted.id, workspaceId: posted.id },
        { userId: posted.id, workspaceId: posted.id },
      ],
    });
    await getDb().channel.create({
      data: { userId: posted.id, workspaceId: posted.id, network: "linkedin", providerUserId: "li-1", status: "needs_reconnect" },
    });
    // Two accounts on one network: one needing reconnection does not hide the one that works.
    await getDb().channel.create({
      data: { userId: posted.id, workspaceId: posted.id, network: "bluesky", providerUserId: "did:plc:a", status: "needs_reconnect" },
    });
    await getDb().channel.create({ data: { userId: posted.id, workspaceId: posted.id, network: "bluesky", providerUserId: "did:plc:b", status: "active" } });
  });
  const list = (query: string) => outcome(apiUsers.loader as Handler, args(`/api/admin/users${query}`, { cookie: admin.cookie }));

  it("answers the accounts with their counts and connections, searched by e-mail in any case", async () => {
    const res = await list("?q=PAGING-07");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 1, page: 1, pageSize: 25 });
    expect(res.body.data).toEqual([
      expect.objectContaining({
        email: "paging-07@list.example",
        role: "user",
        isAdmin: false,
        verified: true,
        plan: "free",
        postCount: 3,
        // Every network has its entry, "none" where the user has no channel of it.
        connections: Object.fromEntries(NETWORK_IDS.map((id) => [id, id === "linkedin" ? "needs_reconnect" : id === "bluesky" ? "active" : "none"])),
      }),
    ]);
    const self = await list(`?q=${encodeURIComponent("admin@example.com")}`);
    expect(self.body.data[0]).toMatchObject({ role: "admin", isAdmin: true, adminSource: "list" });
  });

  it("pages with a stable order and sorts by a column", async () => {
    const first = await list("?q=@list.example&pageSize=20&sort=email");
    const second = await list("?q=@list.example&pageSize=20&page=2&sort=email");
    expect(first.body.meta).toEqual({ total: 30, page: 1, pageSize: 20 });
    expect(second.body.data).toHaveLength(10);
    const emails = [...first.body.data, ...second.body.data].map((u: { email: string }) => u.email);
    expect(new Set(emails).size).toBe(30);
    expect(emails).toEqual([...emails].sort());
    const byPosts = await list("?q=@list.example&sort=-posts&pageSize=1");
    expect(byPosts.body.data[0].email).toBe("paging-07@list.example");
    expect((await list("?q=@list.example&page=99")).body).toMatchObject({ data: [], meta: { total: 30, page: 99 } });
  });

  it("refuses bad values with 422, never 500", async () => {
    for (const query of ["?pageSize=101", "?pageSize=0", "?page=0", "?page=abc", "?sort=password", `?q=${"x".repeat(300)}`]) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
    }
    expect((await list("?pageSize=100")).status).toBe(200);
  });
});

// Personal access tokens (docs/decisions/0075) through the real routes, on SQLite and PostgreSQL:
// the secret shown once and stored as a SHA-256, scopes, session-only routes, revocation, expiry,
// the log never holding a token, the per-token rate, the limit under a burst, and the profile page.
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { createApiToken, MAX_API_TOKENS } from "~/modules/api-tokens/api-tokens.server";
import { getDb } from "~/modules/db/db.server";
import * as adminUsers from "~/routes/api.admin.users";
import * as aiGenerate from "~/routes/api.ai.generate";
import * as channels from "~/routes/api.channels";
import * as posts from "~/routes/api.posts";
import * as checkout from "~/routes/api.stripe.checkout";
import * as tokens from "~/routes/api.tokens";
import * as oneToken from "~/routes/api.tokens.$tokenId";
import * as password from "~/routes/api.users.password";
import * as me from "~/routes/api.users.me";
import * as page from "~/routes/_dashboard.profile_.api";
import * as revokePage from "~/routes/_dashboard.profile_.api_.tokens.$tokenId.revoke";
import { makeUser } from "../support/admin";
import { call, type Answer, type Handler } from "../support/route-call";
import { uniqueEmail } from "./helpers";

const BASE = "http://localhost:3000";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function user(options: { promotedAdmin?: boolean } = {}) {
  return makeUser(uniqueEmail("tokens"), options);
}

function create(cookie: string, body: unknown, lang?: string): Promise<Answer> {
  return call(tokens.action as Handler, { method: "POST", url: `${BASE}/api/tokens`, cookie, body, lang });
}

async function tokenOf(cookie: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const answer = await create(cookie, { name: "Script", scopes, ...extra });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: string; token: string; prefix: string };
}

const listPosts = (token: string) => call(posts.loader as Handler, { url: `${BASE}/api/posts`, headers: bearer(token) });
const createPost = (token: string) =>
  call(posts.action as Handler, {
    method: "POST",
    url: `${BASE}/api/posts`,
    headers: bearer(token),
    body: { platforms: ["linkedin"], linkedinText: "From a script" },
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("creating and listing tokens", () => {
  it("answers the secret once (201), lists it without the secret, and stores only its SHA-256", async () => {
    const owner = await user();
    const created = await create(owner.cookie, { name: "  Zapier  ", scopes: ["posts:read", "channels:read"], expiresInDays: 30 });
    expect(created.status).toBe(201);
    const data = created.body.data;
    expect(data.token).toMatch(/^plm_[A-Za-z0-9_-]{43}$/);
    expect(data).toMatchObject({ name: "Zapier", scopes: ["posts:read", "channels:read"], prefix: data.token.slice(0, 12), lastUsedAt: null });
    expect(new Date(data.expiresAt).getTime() - new Date(data.createdAt).getTime()).toBe(30 * 24 * 3600 * 1000);

    const listed = await call(tokens.loader as Handler, { url: `${BASE}/api/tokens`, cookie: owner.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        id: data.id,
        name: "Zapier",
        scopes: ["posts:read", "channels:read"],
        prefix: data.prefix,
        createdAt: data.createdAt,
        expiresAt: data.expiresAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(data.token);

    const row = await getDb().apiToken.findUniqueOrThrow({ where: { id: data.id } });
    expect(row.tokenHash).toBe(sha256(data.token));
    expect(Object.values(row).map(String).join(" ")).not.toContain(data.token.slice(12));
  });

  it("never expires without expiresInDays, and refuses bad input in French without creating anything", async () => {
    const owner = await user();
    const forever = await tokenOf(owner.cookie, ["posts:read"]);
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: forever.id } })).expiresAt).toBeNull();

    const bad = await create(owner.cookie, { name: "   ", scopes: ["posts:read", "admin"], expiresInDays: 400 }, "fr");
    expect(bad.status).toBe(422);
    expect(bad.body.error.code).toBe("validation_failed");
    expect(bad.body.error.fields).toMatchObject({
      name: "Donnez au jeton un nom de 1 à 100 caractères.",
      scopes: "Choisissez au moins une permission de la liste.",
      expiresInDays: "L’expiration doit être un nombre entier de jours de 1 à 365, ou jamais.",
    });
    const none = await create(owner.cookie, { name: "x".repeat(101), scopes: [], expiresInDays: 1.5 }, "fr");
    expect(none.status).toBe(422);
    expect(none.body.error.fields.name).toBe("Le nom est trop long : 100 caractères au plus.");
    expect(await getDb().apiToken.count({ where: { userId: owner.id } })).toBe(1);
  });

  it("of 20 creations at once with MAX-10 tokens held, exactly 10 pass and the others get 409", { timeout: 60_000 }, async () => {
    const owner = await user();
    for (let i = 0; i < MAX_API_TOKENS - 10; i++) await createApiToken(owner.id, { name: `Held ${i}`, scopes: ["posts:read"] });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(owner.cookie, { name: `Burst ${i}`, scopes: ["posts:read"] }, "fr")));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error).toEqual({
      code: "api_token_limit_reached",
      message: `Vous avez déjà ${MAX_API_TOKENS} jetons d’accès, le maximum. Révoquez-en un d’abord.`,
    });
    expect(await getDb().apiToken.count({ where: { userId: owner.id } })).toBe(MAX_API_TOKENS);
  });
});

describe("a token on the API", () => {
  it("posts:read lists posts but cannot create one (403 insufficient_scope); posts:write creates one; lastUsedAt is set", async () => {
    const owner = await user();
    const reader = await tokenOf(owner.cookie, ["posts:read"]);
    const listed = await listPosts(reader.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: reader.id } })).lastUsedAt).not.toBeNull();

    const refused = await createPost(reader.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("insufficient_scope");
    expect(refused.body.error.message).toContain("posts:write");
    expect(await getDb().post.count({ where: { userId: owner.id } })).toBe(0);

    const writer = await tokenOf(owner.cookie, ["posts:write"]);
    const made = await createPost(writer.token);
    expect(made.status).toBe(201);
    const row = await getDb().post.findUniqueOrThrow({ where: { id: made.body.data.id } });
    expect(row.userId).toBe(owner.id);
    expect((await listPosts(reader.token)).body.data.map((post: { id: string }) => post.id)).toEqual([row.id]);
  });

  it("refreshes lastUsedAt at most once a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-01T10:00:00Z"));
    const owner = await user();
    const reader = await tokenOf(owner.cookie, ["posts:read"]);
    const lastUsed = async () => (await getDb().apiToken.findUniqueOrThrow({ where: { id: reader.id } })).lastUsedAt?.toISOString();
    await listPosts(reader.token);
    expect(await lastUsed()).toBe("2027-03-01T10:00:00.000Z");
    vi.setSystemTime(new Date("2027-03-01T10:00:30Z"));
    await listPosts(reader.token);
    expect(await lastUsed()).toBe("2027-03-01T10:00:00.000Z");
    vi.setSystemTime(new Date("2027-03-01T10:01:05Z"));
    await listPosts(reader.token);
    expect(await lastUsed()).toBe("2027-03-01T10:01:05.000Z");
  });

  it("channels:read lists the channels and nothing else", async () => {
    const owner = await user();
    const token = await tokenOf(owner.cookie, ["channels:read"]);
    const listed = await call(channels.loader as Handler, { url: `${BASE}/api/channels`, headers: bearer(token.token) });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect((await listPosts(token.token)).status).toBe(403);
  });

  it("cannot reach the session-only routes, even with every scope (403), and a bad token there is a 401", async () => {
    const admin = await user({ promotedAdmin: true });
    const all = await tokenOf(admin.cookie, ["posts:read", "posts:write", "channels:read"]);
    const headers = bearer(all.token);
    const attempts: [string, Promise<Answer>][] = [
      ["GET /api/tokens", call(tokens.loader as Handler, { url: `${BASE}/api/tokens`, headers })],
      [
        "POST /api/tokens",
        call(tokens.action as Handler, { method: "POST", url: `${BASE}/api/tokens`, headers, body: { name: "More", scopes: ["posts:read"] } }),
      ],
      [
        "DELETE /api/tokens/{id}",
        call(oneToken.action as Handler, { method: "DELETE", url: `${BASE}/api/tokens/${all.id}`, params: { tokenId: all.id }, headers }),
      ],
      [
        "PUT /api/users/password",
        call(password.action as Handler, {
          method: "PUT",
          url: `${BASE}/api/users/password`,
          headers,
          body: { oldPassword: "x", newPassword: "y".repeat(12) },
        }),
      ],
      [
        "POST /api/stripe/checkout",
        call(checkout.action as Handler, { method: "POST", url: `${BASE}/api/stripe/checkout`, headers, body: { interval: "month" } }),
      ],
      ["GET /api/users/me", call(me.loader as Handler, { url: `${BASE}/api/users/me`, headers })],
      ["POST /api/ai/generate", call(aiGenerate.action as Handler, { method: "POST", url: `${BASE}/api/ai/generate`, headers, body: {} })],
      ["GET /api/admin/users", call(adminUsers.loader as Handler, { url: `${BASE}/api/admin/users`, headers })],
    ];
    for (const [name, attempt] of attempts) {
      const answer = await attempt;
      expect([name, answer.status, answer.body.error.code]).toEqual([name, 403, "insufficient_scope"]);
    }
    // Even beside a valid session cookie, the header decides.
    const withCookie = await call(me.loader as Handler, { url: `${BASE}/api/users/me`, headers, cookie: admin.cookie });
    expect(withCookie.status).toBe(403);
    expect(await getDb().apiToken.count({ where: { userId: admin.id } })).toBe(1);
    const unknown = await call(me.loader as Handler, { url: `${BASE}/api/users/me`, headers: bearer(`plm_${"A".repeat(43)}`), cookie: admin.cookie });
    expect([unknown.status, unknown.body.error.code]).toEqual([401, "unauthorized"]);
  });

  it("a revoked token is refused at once (401); another user's token id is a 404 and stays", async () => {
    const owner = await user();
    const other = await user();
    const token = await tokenOf(owner.cookie, ["posts:read"]);
    const foreign = await call(oneToken.action as Handler, {
      method: "DELETE",
      url: `${BASE}/api/tokens/${token.id}`,
      params: { tokenId: token.id },
      cookie: other.cookie,
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, "not_found"]);
    expect((await listPosts(token.token)).status).toBe(200);

    const revoked = await call(oneToken.action as Handler, {
      method: "DELETE",
      url: `${BASE}/api/tokens/${token.id}`,
      params: { tokenId: token.id },
      cookie: owner.cookie,
    });
    expect(revoked.status).toBe(204);
    const after = await listPosts(token.token);
    expect([after.status, after.body.error.code]).toEqual([401, "unauthorized"]);
    const again = await call(oneToken.action as Handler, {
      method: "DELETE",
      url: `${BASE}/api/tokens/${token.id}`,
      params: { tokenId: token.id },
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);
  });

  it("an expired token is a 401", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-05-01T09:00:00Z"));
    const owner = await user();
    const token = await tokenOf(owner.cookie, ["posts:read"], { expiresInDays: 7 });
    vi.setSystemTime(new Date("2027-05-08T08:59:59Z"));
    expect((await listPosts(token.token)).status).toBe(200);
    vi.setSystemTime(new Date("2027-05-08T09:00:00Z"));
    const expired = await listPosts(token.token);
    expect([expired.status, expired.body.error.code]).toEqual([401, "unauthorized"]);
  });

  it("malformed and unknown tokens are 401s, and the log never holds what was sent", async () => {
    const lines: string[] = [];
    for (const level of ["info", "warn", "error", "debug"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void lines.push(JSON.stringify(args))) as never);
    }
    const sent = [`plm_${"Z".repeat(43)}`, "plm_short", "not-a-token-at-all", `plm_${"Q".repeat(43)}x`];
    for (const token of sent) {
      const answer = await listPosts(token);
      expect([answer.status, answer.body.error.code]).toEqual([401, "unauthorized"]);
    }
    const empty = await call(posts.loader as Handler, { url: `${BASE}/api/posts`, headers: { Authorization: "Basic dXNlcjpwYXNz" } });
    expect(empty.status).toBe(401);
    expect(lines.length).toBeGreaterThanOrEqual(sent.length);
    for (const token of sent) expect(lines.join("\n")).not.toContain(token);

    // A valid token's own request is logged by its id, never by its secret.
    const owner = await user();
    const valid = await tokenOf(owner.cookie, ["posts:read"]);
    lines.length = 0;
    await listPosts(valid.token);
    await createPost(valid.token);
    expect(lines.join("\n")).toContain(valid.id);
    expect(lines.join("\n")).not.toContain(valid.token);
  });
});

describe("the per-token rate", () => {
  afterEach(() => {
    delete process.env.API_TOKEN_REQUESTS_PER_MINUTE;
    resetEnvCache();
  });

  it("past API_TOKEN_REQUESTS_PER_MINUTE the token gets 429 with Retry-After; another token of the same user does not", async () => {
    process.env.API_TOKEN_REQUESTS_PER_MINUTE = "3";
    resetEnvCache();
    const owner = await user();
    const busy = await tokenOf(owner.cookie, ["posts:read"]);
    const calm = await tokenOf(owner.cookie, ["posts:read"]);
    for (let i = 0; i < 3; i++) expect((await listPosts(busy.token)).status).toBe(200);
    const limited = await call(posts.loader as Handler, { url: `${BASE}/api/posts`, headers: bearer(busy.token), lang: "fr" });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: "rate_limited", message: "Ce jeton d’accès a envoyé trop de requêtes. Réessayez dans 1 minute." });
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await listPosts(calm.token)).status).toBe(200);
    // A refused request counts too: a script looping on a 403 is limited like any other.
    const fresh = await tokenOf(owner.cookie, ["channels:read"]);
    for (let i = 0; i < 3; i++) expect((await listPosts(fresh.token)).status).toBe(403);
    expect((await listPosts(fresh.token)).status).toBe(429);
  });
});

describe("the profile's API page without JavaScript", () => {
  const pagePost = (cookie: string, form: URLSearchParams, lang = "en") =>
    call(page.action as Handler, { method: "POST", url: `${BASE}/profile/api`, cookie, form, lang });

  it("creates a token, redirects, and shows it once from a sealed one-time cookie, never in the URL", async () => {
    const owner = await user();
    const form = new URLSearchParams([
      ["intent", "create"],
      ["name", "Publishing script"],
      ["scopes", "posts:read"],
      ["scopes", "posts:write"],
      ["expiresInDays", "90"],
    ]);
    const answer = await pagePost(owner.cookie, form);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/profile/api");
    const setCookie = answer.headers.get("Set-Cookie") ?? "";
    const flash = /plume_secret_once=[^;]+/.exec(setCookie)?.[0];
    expect(flash).toBeDefined();
    const [row] = await getDb().apiToken.findMany({ where: { userId: owner.id } });
    expect(row?.scopes).toBe("posts:read posts:write");

    const load = (cookie: string) => call(page.loader as Handler, { url: `${BASE}/profile/api`, cookie });
    const shown = await load(`${owner.cookie}; ${flash}`);
    const created = shown.body.created as { token: string; id: string; scopes: string[] };
    expect(created.id).toBe(row?.id);
    expect(created.token).toMatch(/^plm_/);
    expect(created.scopes).toEqual(["posts:read", "posts:write"]);
    // Sealed: the cookie never holds the token as such, and the page that showed it clears it.
    expect(decodeURIComponent(setCookie)).not.toContain(created.token);
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    expect(shown.headers.get("Set-Cookie")).toMatch(/plume_secret_once=;/);
    expect((await listPosts(created.token)).status).toBe(200);

    const again = await load(owner.cookie);
    expect(again.body.created).toBeNull();
    expect((again.body.tokens as { id: string }[]).map((token) => token.id)).toEqual([created.id]);
    expect(JSON.stringify(again.body)).not.toContain(created.token);
    // Another user's page never shows it, even with the cookie.
    const stranger = await user();
    expect((await load(`${stranger.cookie}; ${flash}`)).body.created).toBeNull();

    const single = await pagePost(owner.cookie, new URLSearchParams({ intent: "create", name: "Reader", scopes: "channels:read", expiresInDays: "" }));
    expect(single.status).toBe(302);
    expect(await getDb().apiToken.findFirst({ where: { userId: owner.id, name: "Reader" } })).toMatchObject({ scopes: "channels:read", expiresAt: null });
  });

  it("refuses bad input with French messages on the fields, creating nothing", async () => {
    const owner = await user();
    const answer = await pagePost(owner.cookie, new URLSearchParams({ intent: "create", name: " ", expiresInDays: "12" }), "fr");
    expect(answer.status).toBe(400);
    expect(answer.body.result.error).toMatchObject({
      name: ["apiTokens.validation.name"],
      scopes: ["apiTokens.validation.scopes"],
    });
    const unknownScope = await pagePost(owner.cookie, new URLSearchParams({ intent: "create", name: "Bad", scopes: "admin" }), "fr");
    expect(unknownScope.status).toBe(400);
    // Reported on the item; the page shows it under the group.
    expect(unknownScope.body.result.error["scopes[0]"]).toEqual(["apiTokens.validation.scopes"]);
    expect(await getDb().apiToken.count({ where: { userId: owner.id } })).toBe(0);
  });

  it("says when the limit is reached, in French", async () => {
    const owner = await user();
    for (let i = 0; i < MAX_API_TOKENS; i++) await createApiToken(owner.id, { name: `Held ${i}`, scopes: ["posts:read"] });
    const answer = await pagePost(owner.cookie, new URLSearchParams({ intent: "create", name: "One more", scopes: "posts:read" }), "fr");
    expect(answer.status).toBe(409);
    expect(answer.body.result.error[""]).toEqual([`Vous avez déjà ${MAX_API_TOKENS} jetons d’accès, le maximum. Révoquez-en un d’abord.`]);
  });

  it("revokes after the confirmation step, with a toast; another user's token is a 404 page", async () => {
    const owner = await user();
    const other = await user();
    const token = await tokenOf(owner.cookie, ["posts:read"]);
    const confirm = await call(revokePage.loader as Handler, {
      url: `${BASE}/profile/api/tokens/${token.id}/revoke`,
      params: { tokenId: token.id },
      cookie: owner.cookie,
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.token).toMatchObject({ id: token.id, name: "Script" });
    const foreign = await call(revokePage.loader as Handler, {
      url: `${BASE}/profile/api/tokens/${token.id}/revoke`,
      params: { tokenId: token.id },
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);
    const foreignPost = await call(revokePage.action as Handler, {
      method: "POST",
      url: `${BASE}/profile/api/tokens/${token.id}/revoke`,
      params: { tokenId: token.id },
      cookie: other.cookie,
      form: {},
    });
    expect(foreignPost.status).toBe(302);
    expect((await listPosts(token.token)).status).toBe(200);

    const done = await call(revokePage.action as Handler, {
      method: "POST",
      url: `${BASE}/profile/api/tokens/${token.id}/revoke`,
      params: { tokenId: token.id },
      cookie: owner.cookie,
      form: {},
      lang: "fr",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile/api");
    expect(done.headers.get("Set-Cookie")).toBeTruthy();
    expect((await listPosts(token.token)).status).toBe(401);
  });
});

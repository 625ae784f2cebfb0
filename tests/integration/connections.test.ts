import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usableConnection } from "~/modules/connections/access-token.server";
import { listServices } from "~/modules/connections/connection.server";
import { disconnect } from "~/modules/connections/disconnect.server";
import { completeConnect, connectStartsPerUser, startConnect } from "~/modules/connections/oauth.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { localeCookie } from "~/modules/i18n/i18n.server";
import { getToast } from "~/modules/toast/toast.server";
import * as profileRoute from "~/routes/_dashboard.profile";
import * as disconnectRoute from "~/routes/api.auth.$provider.disconnect";
import * as urlRoute from "~/routes/api.auth.$provider.url";
import * as callbackRoute from "~/routes/auth.callback.$provider";
import * as connectRoute from "~/routes/auth.connect.$provider";
import { followConsent } from "../fakes/linkedin-server";
import { connectedUser, duePost, startFakes, type Fakes } from "../support/publishing";
import { signedInUser } from "./helpers";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

const signedIn = () => signedInUser("connect");

function query(url: URL) {
  return { code: url.searchParams.get("code"), state: url.searchParams.get("state"), error: url.searchParams.get("error") };
}

describe("connecting an account", () => {
  it("LinkedIn: consent, code exchange, identity, tokens sealed, back where the user started", async () => {
    const { user, sessionId } = await signedIn();
    const authorize = await startConnect(user, sessionId, "linkedin", { returnTo: "/create/abc/schedule", prompt: "login" });
    expect(new URL(authorize).searchParams.get("prompt")).toBe("login");
    expect(new URL(authorize).searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/callback/linkedin");
    const back = await followConsent(authorize, "Allow");
    const result = await completeConnect("linkedin", query(back), { userId: user.id, sessionId });
    expect(result).toEqual({ ok: true, update: false, returnTo: "/create/abc/schedule", displayName: "Member 1" });
    const row = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } });
    expect(row).toMatchObject({ status: "active" });
    expect(row.displayName).not.toBe("");
    expect(row.accessTokenEnc).not.toBeNull();
    // Sealed at rest: the stored value is not the token, and unseals to one the fake accepts.
    const token = unseal(row.accessTokenEnc!);
    expect(row.accessTokenEnc).not.toContain(token);
    expect((await usableConnection(user.id, "linkedin")).accessToken).toBe(token);
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 24 * 3600 * 1000);
  });

  it("X: PKCE with S256 and a refresh token, stored sealed", async () => {
    const { user, sessionId } = await signedIn();
    const authorize = new URL(await startConnect(user, sessionId, "twitter"));
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const back = await followConsent(authorize.toString(), "Allow");
    expect((await completeConnect("twitter", query(back), { userId: user.id, sessionId })).ok).toBe(true);
    const row = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "twitter" } });
    expect(row.handle).toBeTruthy();
    expect(row.refreshTokenEnc).not.toBeNull();
  });

  it("stores nothing when consent is cancelled, the state is reused, from another session, or the exchange fails", async () => {
    const { user, sessionId } = await signedIn();
    const none = async () => expect(await getDb().channel.count({ where: { userId: user.id } })).toBe(0);

    const cancelled = await followConsent(await startConnect(user, sessionId, "linkedin"), "Cancel");
    expect(cancelled.searchParams.get("error")).toBe("user_cancelled_authorize");
    expect((await completeConnect("linkedin", query(cancelled), { userId: user.id, sessionId })).ok).toBe(false);
    await none();

    const other = await signedIn();
    const stolen = await followConsent(await startConnect(user, sessionId, "linkedin"), "Allow");
    expect((await completeConnect("linkedin", query(stolen), { userId: other.user.id, sessionId: other.sessionId })).ok).toBe(false);
    await none();
    // The state was not consumed by the refused attempt from another session… but it is single-use:
    expect((await completeConnect("linkedin", query(stolen), { userId: user.id, sessionId })).ok).toBe(true);
    expect((await completeConnect("linkedin", query(stolen), { userId: user.id, sessionId })).ok).toBe(false);
    await getDb().channel.deleteMany({ where: { userId: user.id } });

    const wrongProvider = await followConsent(await startConnect(user, sessionId, "linkedin"), "Allow");
    expect((await completeConnect("twitter", query(wrongProvider), { userId: user.id, sessionId })).ok).toBe(false);
    await none();

    const forged = await followConsent(await startConnect(user, sessionId, "linkedin"), "Allow");
    const tampered = { ...query(forged), state: `${query(forged).state!.split(".")[0]}.forged` };
    expect((await completeConnect("linkedin", tampered, { userId: user.id, sessionId })).ok).toBe(false);
    await none();

    const expired = await followConsent(await startConnect(user, sessionId, "linkedin"), "Allow");
    await getDb().oAuthState.updateMany({ where: { userId: user.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await completeConnect("linkedin", query(expired), { userId: user.id, sessionId })).ok).toBe(false);
    await none();

    const failing = await followConsent(await startConnect(user, sessionId, "linkedin"), "Allow");
    fakes.linkedin.failNext("POST /oauth/v2/accessToken", { status: 500 });
    expect((await completeConnect("linkedin", query(failing), { userId: user.id, sessionId })).ok).toBe(false);
    await none();
  });
});

describe("a failed connection, in the user's language", () => {
  /** The toast the callback leaves after the provider sent the user back from `back`. */
  async function callbackToast(back: URL, cookie: string, locale: "en" | "fr", provider: "linkedin" | "twitter") {
    const language = (await localeCookie().serialize(locale)).split(";")[0]!;
    const request = new Request(`http://localhost:3000/auth/callback/${provider}${back.search}`, { headers: { Cookie: `${cookie}; ${language}` } });
    const response = (await callbackRoute.loader({ request, params: { provider }, context: {} } as unknown as LoaderFunctionArgs)) as Response;
    const toastCookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    return (await getToast(new Request("http://localhost:3000/profile", { headers: { Cookie: toastCookie } }))).toast;
  }

  it.each([
    ["en", "linkedin", "Failed to connect LinkedIn", "Failed to update LinkedIn connection"],
    ["en", "twitter", "Failed to connect Twitter", "Failed to update Twitter connection"],
    ["fr", "linkedin", "Échec de la connexion à LinkedIn", "Échec de la mise à jour de la connexion LinkedIn"],
    ["fr", "twitter", "Échec de la connexion à Twitter", "Échec de la mise à jour de la connexion Twitter"],
  ] as const)("%s %s: 'connect' without a connection, 'update' when reconnecting one, which is kept", async (locale, provider, connectFailed, updateFailed) => {
    const { user, cookie, sessionId } = await signedIn();
    const first = await followConsent(await startConnect(user, sessionId, provider), "Cancel");
    expect(await callbackToast(first, cookie, locale, provider)).toMatchObject({ color: "error", title: connectFailed });

    expect(
      (await completeConnect(provider, query(await followConsent(await startConnect(user, sessionId, provider), "Allow")), { userId: user.id, sessionId })).ok,
    ).toBe(true);
    const before = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: provider } });
    const again = await followConsent(await startConnect(user, sessionId, provider), "Cancel");
    expect(await callbackToast(again, cookie, locale, provider)).toMatchObject({ color: "error", title: updateFailed });
    // The failed update left the connection as it was.
    expect(await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: provider } })).toEqual(before);
  });
});

describe("disconnecting", () => {
  it("revokes X's tokens, deletes them, and flags the scheduled posts for that platform", async () => {
    const { user, xTokens } = await connectedUser(fakes, ["linkedin", "twitter"]);
    const postId = await duePost(user.id, ["linkedin", "twitter"], `Flag me ${Date.now()}`);
    await getDb().delivery.updateMany({ where: { postId }, data: { nextAttemptAt: new Date(Date.now() + 3_600_000) } });
    const revokes = () => fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/revoke").length;
    const before = revokes();
    expect(await disconnect(user.id, "twitter")).toEqual({ flaggedPosts: 1 });
    expect(revokes()).toBe(before + 2);
    expect(await getDb().channel.count({ where: { userId: user.id, network: "twitter" } })).toBe(0);
    const post = await getDb().post.findUniqueOrThrow({ where: { id: postId } });
    expect(post).toMatchObject({ status: "scheduled", errorCode: "platform_disconnected", errorMessage: "twitter" });
    // The old token no longer works at X.
    const me = await fetch(`${fakes.x.apiUrl}/2/users/me`, { headers: { Authorization: `Bearer ${xTokens!.accessToken}` } });
    expect(me.status).toBe(401);
  });

  it.each([
    ["en", "linkedin", "Failed to disconnect LinkedIn"],
    ["en", "twitter", "Failed to disconnect Twitter"],
    ["fr", "linkedin", "Échec de la déconnexion de LinkedIn"],
    ["fr", "twitter", "Échec de la déconnexion de Twitter"],
  ] as const)("from the profile, a failure says so (%s %s)", async (locale, provider, message) => {
    const { cookie } = await signedIn();
    const language = (await localeCookie().serialize(locale)).split(";")[0]!;
    // Not connected (another tab disconnected it already): the disconnection fails.
    const request = new Request("http://localhost:3000/profile", {
      method: "POST",
      headers: { Cookie: `${cookie}; ${language}` },
      body: new URLSearchParams({ intent: "disconnect", provider }),
    });
    const response = (await profileRoute.action({ request, params: {}, context: {} } as unknown as ActionFunctionArgs)) as Response;
    expect(response.headers.get("Location")).toBe("/profile#connections");
    const { toast } = await getToast(new Request("http://localhost:3000/profile", { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0]! } }));
    expect(toast).toMatchObject({ color: "error", title: message });
  });
});

describe("connection API", () => {
  const call = async (
    route: { loader: unknown; action: unknown },
    method: string,
    path: string,
    params: Record<string, string>,
    cookie?: string,
    body?: unknown,
  ) => {
    const headers = { ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) };
    const request = new Request(`http://localhost:3000${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const handler = (method === "GET" ? route.loader : route.action) as (args: ActionFunctionArgs) => Promise<Response>;
    const response = await handler({ request, params, context: { cspNonce: "", clientIp: null } } as unknown as ActionFunctionArgs);
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, any> | null };
  };

  it("GET /api/auth/{provider}/url answers the consent address in data.url; 401 JSON without a session", async () => {
    const { cookie } = await signedIn();
    const linkedin = await call(urlRoute, "GET", "/api/auth/linkedin/url?prompt=login", { provider: "linkedin" }, cookie);
    expect(linkedin.status).toBe(200);
    expect(new URL(linkedin.body!.data.url).searchParams.get("prompt")).toBe("login");
    const x = await call(urlRoute, "GET", "/api/auth/twitter/url", { provider: "twitter" }, cookie);
    expect(new URL(x.body!.data.url).pathname).toBe("/i/oauth2/authorize");
    expect((await call(urlRoute, "GET", "/api/auth/linkedin/url", { provider: "linkedin" })).status).toBe(401);
    expect((await call(urlRoute, "GET", "/api/auth/facebook/url", { provider: "facebook" }, cookie)).status).toBe(404);
  });

  it("bounds the consent addresses a user can ask for: past the limit, a clear 429 and no new state", async () => {
    const { user, cookie, sessionId } = await signedIn();
    for (let i = 0; i < connectStartsPerUser.limit; i++) await startConnect(user, sessionId, i % 2 ? "linkedin" : "twitter");
    const refused = await call(urlRoute, "GET", "/api/auth/twitter/url", { provider: "twitter" }, cookie);
    expect(refused.status).toBe(429);
    expect(refused.body!.error).toMatchObject({ code: "rate_limited", message: "Too many attempts. Please try again in 10 minutes." });
    expect(await getDb().oAuthState.count({ where: { userId: user.id } })).toBe(connectStartsPerUser.limit);

    // The page's Connect button says the same in a toast, where it came from.
    const form = new URLSearchParams({ returnTo: "/profile" });
    const request = new Request("http://localhost:3000/auth/connect/linkedin", { method: "POST", headers: { Cookie: cookie }, body: form });
    const response = await connectRoute.action({ request, params: { provider: "linkedin" }, context: {} } as unknown as ActionFunctionArgs);
    expect(response.headers.get("Location")).toBe("/profile");
    const { toast } = await getToast(new Request("http://localhost:3000/profile", { headers: { Cookie: response.headers.get("Set-Cookie")!.split(";")[0]! } }));
    expect(toast).toMatchObject({ color: "error", title: "Too many attempts. Please try again in 10 minutes." });
    expect(await getDb().oAuthState.count({ where: { userId: user.id } })).toBe(connectStartsPerUser.limit);
  });

  it("POST /api/auth/{provider}/disconnect answers null, 404 when not connected", async () => {
    const { user, cookie } = await signedIn();
    expect((await call(disconnectRoute, "POST", "/api/auth/linkedin/disconnect", { provider: "linkedin" }, cookie)).status).toBe(404);
    await getDb().channel.create({ data: { userId: user.id, workspaceId: user.id, network: "linkedin", providerUserId: "abc", accessTokenEnc: null } });
    const done = await call(disconnectRoute, "POST", "/api/auth/linkedin/disconnect", { provider: "linkedin" }, cookie);
    expect(done).toEqual({ status: 200, body: { data: null } });
  });

  it("POST /api/auth/{provider}/disconnect with userIdProvider disconnects only that account", async () => {
    const { user, cookie } = await signedIn();
    await getDb().channel.create({ data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: "x-42", accessTokenEnc: null } });
    const post = (body: unknown) => call(disconnectRoute, "POST", "/api/auth/twitter/disconnect", { provider: "twitter" }, cookie, body);
    const services = await listServices(user.id);
    expect(services.find((s) => s.serviceName === "twitter")).toMatchObject({ connected: true, userIdProvider: "x-42" });

    const other = await post({ userIdProvider: "x-41" });
    expect(other).toMatchObject({ status: 404, body: { error: { code: "not_connected" } } });
    expect(await getDb().channel.count({ where: { userId: user.id, network: "twitter" } })).toBe(1);
    expect(await post({ userIdProvider: 42 })).toMatchObject({ status: 422, body: { error: { fields: { userIdProvider: expect.any(String) } } } });

    expect(await post({ userIdProvider: "x-42" })).toEqual({ status: 200, body: { data: null } });
    expect(await getDb().channel.count({ where: { userId: user.id, network: "twitter" } })).toBe(0);
  });
});

import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { resetPassword, signIn, signUp, verifyEmail } from "~/modules/auth/auth.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { countSessions, createSession, destroySession, getSessionState, revokeSessions } from "~/modules/auth/session.server";
import { inRequestScope } from "~/core/runtime/request-scope.server";
import { getDb } from "~/modules/db/db.server";
import { getToast } from "~/modules/toast/toast.server";
import { getUserProfile } from "~/modules/users/user.server";
import * as logoutRoute from "~/routes/logout";
import { lastMailedToken, requestWithCookie, uniqueEmail } from "./helpers";

async function newUser(email = uniqueEmail()) {
  return signUp({ email, password: "password123", locale: "en" }, {});
}

describe("sessions", () => {
  it("stores only a hash of the cookie's token", async () => {
    const { userId, cookie } = await newUser();
    const rows = await getDb().session.findMany({ where: { userId } });
    expect(rows).toHaveLength(1);
    const token = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(token).not.toContain(rows[0]!.id);
  });

  it("is read once for all the loaders of a page, each of which gets its own copy of the request", async () => {
    const { cookie } = await newUser();
    // Remix hands every loader a new Request; the request's scope is what they share.
    const [root, layout, page] = await inRequestScope("GET", () =>
      Promise.all([getSessionState(requestWithCookie(cookie)), getSessionState(requestWithCookie(cookie)), getSessionState(requestWithCookie(cookie))]),
    );
    expect(root.status).toBe("valid");
    expect(layout).toBe(root);
    expect(page).toBe(root);
    // Another request is read again.
    expect(await inRequestScope("GET", () => getSessionState(requestWithCookie(cookie)))).not.toBe(root);
  });

  it("is read again after a form is sent, whose action may change it in the same request", async () => {
    const { cookie } = await newUser();
    const [action, loader] = await inRequestScope("POST", async () => [
      await getSessionState(requestWithCookie(cookie)),
      await getSessionState(requestWithCookie(cookie)),
    ]);
    expect(action.status).toBe("valid");
    expect(loader).not.toBe(action);
  });

  it("tells an absent cookie from a dead one", async () => {
    expect((await getSessionState(new Request("http://localhost/"))).status).toBe("none");
    expect((await getSessionState(requestWithCookie("plume_session=forged-value"))).status).toBe("invalid");
  });

  it("ends an expired session and deletes it", async () => {
    const { userId, cookie } = await newUser();
    await getDb().session.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await getSessionState(requestWithCookie(cookie))).status).toBe("invalid");
    expect(await getDb().session.count({ where: { userId } })).toBe(0);
  });

  it("signs out one session, or all but the current one", async () => {
    const { userId, cookie } = await newUser();
    const second = await createSession(userId, { ip: "192.0.2.1", userAgent: "test" });
    const third = await createSession(userId);
    expect(await countSessions(userId)).toBe(3);

    await destroySession(requestWithCookie(third));
    expect((await getSessionState(requestWithCookie(third))).status).toBe("invalid");

    const current = await getSessionState(requestWithCookie(second));
    if (current.status !== "valid") throw new Error("expected a session");
    expect(await revokeSessions(userId, current.sessionId)).toBe(1);
    expect((await getSessionState(requestWithCookie(cookie))).status).toBe("invalid");
    expect((await getSessionState(requestWithCookie(second))).status).toBe("valid");
  });

  it("makes ADMIN_EMAILS users admins only once they have chosen a password from a mailed link", async () => {
    const { userId, cookie } = await newUser("admin@example.com");
    const isAdminNow = async (sessionCookie = cookie) => {
      const state = await getSessionState(requestWithCookie(sessionCookie));
      return state.status === "valid" && state.user.isAdmin;
    };
    // Anyone can sign up with a listed address; only its owner can verify it.
    expect(await isAdminNow()).toBe(false);
    expect(await getUserProfile(userId)).toMatchObject({ role: "user", isAdmin: false });
    const refused = await requireAdmin(requestWithCookie(cookie, "http://localhost:3000/admin")).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect((refused as { init?: { status?: number } } | null)?.init?.status).toBe(403);

    // The verification link proves the inbox, not the password: it leads to choosing a new one.
    const { choosePasswordToken } = await verifyEmail(lastMailedToken("admin@example.com", "/verify-email"));
    expect(choosePasswordToken).toEqual(expect.any(String));
    expect(await isAdminNow()).toBe(false);
    expect(await getUserProfile(userId)).toMatchObject({ role: "user", verified: false });

    await resetPassword(choosePasswordToken!, "owner-password");
    expect((await getSessionState(requestWithCookie(cookie))).status).toBe("invalid");
    const { cookie: ownerCookie } = await signIn({ email: "admin@example.com", password: "owner-password" }, {});
    expect(await isAdminNow(ownerCookie)).toBe(true);
    expect(await getUserProfile(userId)).toMatchObject({ role: "admin", isAdmin: true, verified: true });
    await expect(requireAdmin(requestWithCookie(ownerCookie, "http://localhost:3000/admin"))).resolves.toMatchObject({ isAdmin: true });

    const other = await newUser();
    await getDb().user.update({ where: { id: other.userId }, data: { emailVerifiedAt: new Date(), passwordSetByMailAt: new Date() } });
    expect(await isAdminNow(other.cookie)).toBe(false);
  });
});

describe("signing out after a 401 in the browser (/logout, reason=expired)", () => {
  async function logOut(cookie: string, fields: Record<string, string>, locale = "en") {
    const request = new Request("http://localhost:3000/logout", {
      method: "POST",
      headers: { Cookie: cookie.split(";")[0]!, "Accept-Language": locale },
      body: new URLSearchParams(fields),
    });
    const response = await logoutRoute.action({ request, params: {}, context: {} } as unknown as ActionFunctionArgs);
    const cookies = response.headers.getSetCookie();
    const toastCookie = cookies.find((c) => c.startsWith("plume_toast="))!.split(";")[0]!;
    const { toast } = await getToast(new Request("http://localhost:3000/login", { headers: { Cookie: toastCookie } }));
    return { location: response.headers.get("Location"), cookies, toast };
  }

  it.each([
    ["en", "Your session has expired. Please sign in again."],
    ["fr", "Votre session a expiré. Veuillez vous reconnecter."],
  ])("with the session already gone: clears the cookie, goes to sign in and back, says why (%s)", async (locale, message) => {
    const { userId, cookie } = await newUser();
    await revokeSessions(userId);
    const out = await logOut(cookie, { reason: "expired", redirectTo: "/create/abc/content?x=1" }, locale);
    expect(out.location).toBe(`/login?${new URLSearchParams({ redirectTo: "/create/abc/content?x=1" })}`);
    expect(out.cookies.some((c) => /^plume_session=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(out.toast).toMatchObject({ color: "info", title: message });
  });

  it("ends a session that still worked, and never sends off the site", async () => {
    const { userId, cookie } = await newUser();
    const out = await logOut(cookie, { reason: "expired", redirectTo: "//evil.example" });
    expect(out.location).toBe("/login");
    expect(await countSessions(userId)).toBe(0);
  });

  it("the Sign out button still goes home", async () => {
    const { cookie } = await newUser();
    const out = await logOut(cookie, {});
    expect(out.location).toBe("/");
    expect(out.toast).toMatchObject({ title: "You are signed out." });
  });
});

// Every place that sends the browser back to a path it was given (redirectTo, returnTo) stays on
// this site, whatever the path normalises to: the real route modules, against the test database.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "~/modules/auth/auth.server";
import { completeConnect, startConnect } from "~/modules/connections/oauth.server";
import { getDb } from "~/modules/db/db.server";
import * as login from "~/routes/_auth.login";
import * as signup from "~/routes/_auth.signup";
import * as connect from "~/routes/auth.connect.$provider";
import * as dismissNotice from "~/routes/notices.$noticeId.dismiss";
import * as setLocale from "~/routes/set-locale";
import * as setTheme from "~/routes/set-theme";
import { startFakes, type Fakes } from "../support/publishing";
import { signedInUser, uniqueEmail } from "./helpers";

const OFF_SITE = [
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/..//evil.example",
  "/\\evil.example",
  "/%2F%2Fevil.example",
  "/\t/evil.example",
  "//evil.example",
];

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes(); // the connect flow needs LinkedIn configured
});
afterAll(async () => {
  await fakes.close();
});

let ip = 0;
/** A form post to a route's action; its answer must be a Response (a redirect here). */
async function post(
  route: { action: (args: ActionFunctionArgs) => Promise<unknown> },
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  params = {},
): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  ip += 1;
  const args = { request, params, context: { cspNonce: "", clientIp: `198.51.100.${ip % 250}` } } as unknown as ActionFunctionArgs;
  const answer = await route.action(args).catch((thrown: unknown) => thrown);
  if (!(answer instanceof Response)) throw new Error(`Expected a redirect, got ${JSON.stringify(answer)}`);
  return answer;
}

/** Where the browser goes when it follows the answer, seen from our login page. */
function destination(response: Response): URL {
  expect([302, 303]).toContain(response.status);
  return new URL(response.headers.get("Location")!, "http://localhost:3000/login");
}

const signedIn = () => signedInUser("redirects");

describe("signing in never leads off-site", () => {
  it.each(OFF_SITE)("redirectTo=%j signs in and lands on the posts page", async (redirectTo) => {
    const email = uniqueEmail("login");
    await signUp({ email, password: "password123", locale: "en" }, { ip: "203.0.113.50", userAgent: "vitest" });
    const response = await post(login, "/login", { email, password: "password123", redirectTo });
    expect(response.headers.get("Set-Cookie")).toMatch(/^plume_session=/);
    expect(response.headers.get("Location")).toBe("/posts");
    expect(destination(response).origin).toBe("http://localhost:3000");
  });

  it("still honours a same-site redirectTo", async () => {
    const email = uniqueEmail("login");
    await signUp({ email, password: "password123", locale: "en" }, { ip: "203.0.113.51", userAgent: "vitest" });
    const response = await post(login, "/login", { email, password: "password123", redirectTo: "/create/abc/images?x=1" });
    expect(response.headers.get("Location")).toBe("/create/abc/images?x=1");
  });

  it("signing up with an off-site redirectTo lands on the posts page", async () => {
    const response = await post(signup, "/signup", {
      email: uniqueEmail("signup"),
      password: "password123",
      confirmPassword: "password123",
      acceptTerms: "on",
      redirectTo: "/.//evil.example",
    });
    expect(response.headers.get("Location")).toBe("/posts");
  });
});

describe("other ways back stay on this site", () => {
  it.each(OFF_SITE)("language, theme and notice forms with redirectTo=%j", async (redirectTo) => {
    const { user, cookie } = await signedIn();
    expect(destination(await post(setLocale, "/set-locale", { locale: "fr", redirectTo })).href).toBe("http://localhost:3000/");
    expect(destination(await post(setTheme, "/set-theme", { theme: "dark", redirectTo })).href).toBe("http://localhost:3000/");
    const notice = await getDb().notification.create({ data: { userId: user.id, kind: "publish_failed", message: "A post" } });
    const dismissed = await post(dismissNotice, `/notices/${notice.id}/dismiss`, { redirectTo }, cookie, { noticeId: notice.id });
    expect(destination(dismissed).href).toBe("http://localhost:3000/posts");
  });

  it.each(OFF_SITE)("connecting an account with returnTo=%j comes back to the profile", async (returnTo) => {
    const { user, cookie, sessionId } = await signedIn();
    const started = await post(connect, "/auth/connect/linkedin", { returnTo }, cookie, { provider: "linkedin" });
    expect(destination(started).origin).not.toBe("http://localhost:3000"); // the consent page
    await startConnect(user, sessionId, "linkedin", { returnTo });
    const states = await getDb().oAuthState.findMany({ where: { userId: user.id } });
    expect(states.map((s) => s.returnTo)).toEqual(["/profile", "/profile"]);
  });

  it("a stored returnTo is checked again when the provider sends the user back", async () => {
    const { user, sessionId } = await signedIn();
    const authorize = new URL(await startConnect(user, sessionId, "linkedin", { returnTo: "/posts" }));
    // A state written before this check existed, or by anything else.
    await getDb().oAuthState.updateMany({ where: { userId: user.id }, data: { returnTo: "//evil.example" } });
    const result = await completeConnect(
      "linkedin",
      { code: null, state: authorize.searchParams.get("state"), error: "user_cancelled_authorize" },
      { userId: user.id, sessionId },
    );
    expect(result).toEqual({ ok: false, update: false, returnTo: "/profile" });
  });
});

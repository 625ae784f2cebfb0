// The accounts API (docs/api.md) through its real route modules: answers, error shapes, status codes,
// languages and cookies, against the test database.
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import * as login from "~/routes/api.auth.login";
import * as logout from "~/routes/api.auth.logout";
import * as register from "~/routes/api.auth.register";
import * as notFound from "~/routes/api.$";
import * as me from "~/routes/api.users.me";
import * as password from "~/routes/api.users.password";
import { uniqueEmail } from "./helpers";

type Route = { loader: (args: ActionFunctionArgs) => Promise<Response>; action: (args: ActionFunctionArgs) => Promise<Response> };

async function call(route: Route, method: string, init: { body?: unknown; cookie?: string; headers?: Record<string, string>; path?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost:3000${init.path ?? "/api/x"}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  const args = { request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.10" } } as unknown as ActionFunctionArgs;
  const response = method === "GET" ? await route.loader(args) : await route.action(args);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null, headers: response.headers };
}

const cookieOf = (headers: Headers) => headers.get("Set-Cookie")!.split(";")[0]!;

describe("accounts API", () => {
  it("registers, signs in automatically and answers the profile", async () => {
    const email = uniqueEmail();
    const res = await call(register, "POST", { body: { email: email.toUpperCase(), password: "password123", username: email } });
    expect(res.status).toBe(201);
    expect(res.body!.data).toMatchObject({
      email,
      role: "user",
      isAdmin: false,
      verified: false,
      services: [
        { serviceName: "linkedin", connected: false, connectedAt: null },
        { serviceName: "twitter", connected: false, connectedAt: null },
      ],
      subscription: { plan: "pro", status: "trialing" },
    });
    const cookie = cookieOf(res.headers);
    const profile = await call(me, "GET", { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body!.data.email).toBe(email);
  });

  it("answers 401 JSON without a session, and clears a dead cookie", async () => {
    const anonymous = await call(me, "GET");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: { code: "unauthorized", message: "You are not signed in." } });
    const dead = await call(me, "GET", { cookie: "plume_session=forged" });
    expect(dead.status).toBe(401);
    expect(dead.headers.get("Set-Cookie")).toMatch(/plume_session=;.*Max-Age=0/i);
  });

  it("validates with 422 and per-field messages, in the request's language", async () => {
    const res = await call(register, "POST", { body: { email: "not-an-email", password: "short" }, headers: { "Accept-Language": "fr-CA,fr;q=0.9" } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: {
        code: "validation_failed",
        message: "Certains champs ne sont pas valides.",
        fields: { email: "Adresse e-mail invalide", password: "Le mot de passe doit contenir au moins 8 caractères" },
      },
    });
  });

  it("answers 400 for a malformed body, 405 for a wrong method and 404 for an unknown path", async () => {
    const malformed = await call(login, "POST", { body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body!.error.code).toBe("malformed_request");
    const wrongMethod = await call(login, "GET");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("Allow")).toBe("POST");
    const unknown = await call(notFound, "GET", { path: "/api/nothing" });
    expect(unknown.status).toBe(404);
    expect(unknown.body!.error.code).toBe("not_found");
  });

  it("refuses a taken address with 409", async () => {
    const email = uniqueEmail();
    await call(register, "POST", { body: { email, password: "password123" } });
    const again = await call(register, "POST", { body: { email, password: "password123" } });
    expect(again.status).toBe(409);
    expect(again.body!.error.code).toBe("email_taken");
  });

  it("signs in, changes the password and signs out", async () => {
    const email = uniqueEmail();
    await call(register, "POST", { body: { email, password: "password123" } });
    const wrong = await call(login, "POST", { body: { email, password: "bad-password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body!.error).toEqual({ code: "invalid_credentials", message: "Invalid email or password." });

    const signedIn = await call(login, "POST", { body: { email, password: "password123" } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body!.data.email).toBe(email);
    const cookie = cookieOf(signedIn.headers);

    const badOld = await call(password, "PUT", { cookie, body: { oldPassword: "nope-nope-1", newPassword: "newpassword1" } });
    expect(badOld.status).toBe(422);
    expect(badOld.body!.error.fields).toEqual({ oldPassword: "Your current password is incorrect." });
    const changed = await call(password, "PUT", { cookie, body: { oldPassword: "password123", newPassword: "newpassword1" } });
    expect(changed).toMatchObject({ status: 200, body: { data: null } });
    // The session was rotated: the cookie from before the change no longer opens anything.
    const rotated = cookieOf(changed.headers);
    expect(rotated).not.toBe(cookie);
    expect((await call(me, "GET", { cookie })).status).toBe(401);
    expect((await call(me, "GET", { cookie: rotated })).status).toBe(200);

    const out = await call(logout, "POST", { cookie: rotated });
    expect(out).toMatchObject({ status: 200, body: { data: null } });
    expect((await call(me, "GET", { cookie: rotated })).status).toBe(401);
    expect((await call(logout, "POST", { cookie: rotated })).status).toBe(401);
    expect((await call(login, "POST", { body: { email, password: "newpassword1" } })).status).toBe(200);
  });

  it("answers 429 with Retry-After when an account is locked", async () => {
    const email = uniqueEmail();
    await call(register, "POST", { body: { email, password: "password123" } });
    for (let i = 0; i < 10; i++) await call(login, "POST", { body: { email, password: `wrong-${i}-x` } });
    const locked = await call(login, "POST", { body: { email, password: "password123" } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(locked.body!.error.message).toMatch(/Too many attempts/);
  });
});

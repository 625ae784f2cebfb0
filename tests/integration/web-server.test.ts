// The web server's guards in front of the app, on the whole app over real HTTP.
//
// A body's fields are counted before anything parses them (docs/decisions/0040): a form with one
// name repeated thousands of times is refused (413, in the user's language) without reaching the
// app, its rate limits or the database, and other requests, /healthz included, are answered
// meanwhile. Forms of normal size work as before.
//
// An address the router cannot read ("/%09/" is "//" once parsed) is the normal 404 page, never a 500.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/modules/auth/password.server";
import { getDb } from "~/modules/db/db.server";
import { MAX_FORM_FIELDS } from "~/modules/http/body-limits";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { startAppServer, type AppServer } from "../support/app-server";
import { uniqueEmail } from "./helpers";

let app: AppServer;
const email = uniqueEmail("fields");
const password = "correct horse battery staple";

beforeAll(async () => {
  app = await startAppServer();
  await getDb().user.create({
    data: { email, passwordHash: await hashPassword(password), emailVerifiedAt: new Date(), subscription: { create: trialSubscriptionData() } },
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** `pair&pair&…` up to `bytes` long: the 156 KB bodies that froze the server. */
const repeated = (pair: string, bytes = 156 * 1024) => Array.from({ length: Math.ceil(bytes / (pair.length + 1)) }, () => pair).join("&");

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}`, { method: "POST", body, headers: { ...FORM, ...headers }, redirect: "manual" });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** What the database holds that any of these forms could change. */
async function stateOf() {
  const db = getDb();
  const user = await db.user.findUniqueOrThrow({ where: { email }, include: { sessions: true } });
  return {
    users: await db.user.count(),
    sessions: user.sessions.length,
    contactMessages: await db.contactMessage.count(),
    rateLimits: await db.rateLimitBucket.findMany({ orderBy: { key: "asc" } }),
    waitlist: await db.waitlistEntry.count(),
  };
}

/** A mark in the list of requests the app was given, and which of those since then went to `path`. */
const mark = () => {
  const from = app.seenByApp.length;
  return (path: string) => app.seenByApp.slice(from).filter((url) => url.split("?")[0] === path);
};

describe("a form with thousands of fields", () => {
  it("is refused with 413 in the user's language, before the app, its rate limits or the database", async () => {
    const before = await stateOf();
    const seenPosts = mark();
    const attack = await post("/login", repeated("a=1"), { "Accept-Language": "fr" });
    expect(attack.status).toBe(413);
    expect(attack.text).toContain(`Ce formulaire envoie plus de ${MAX_FORM_FIELDS} champs : rien n&#x27;a été lu ni enregistré.`);

    for (const path of ["/login", "/signup", "/contact"]) {
      const refused = await post(path, repeated(`email=${encodeURIComponent(email)}`));
      expect(refused.status).toBe(413);
      expect(refused.text).toContain(`This form sends more than ${MAX_FORM_FIELDS} fields: nothing was read or saved.`);
    }
    // None of them was handed to the app: no parsing, no rate limit counted, nothing written.
    expect([...seenPosts("/login"), ...seenPosts("/signup"), ...seenPosts("/contact")]).toEqual([]);
    expect(await stateOf()).toEqual(before);
  });

  it("is refused as soon as one field too many has arrived, without waiting for the rest", async () => {
    const seenPosts = mark();
    const head = Buffer.from(`${repeated("a=1", (MAX_FORM_FIELDS + 1) * 4)}&`);
    const total = head.byteLength + 150 * 1024;
    const req = httpRequest(`${app.url}/login`, { method: "POST", headers: { ...FORM, "Content-Length": total }, agent: false });
    const answered = new Promise<IncomingMessage>((resolve, reject) => req.once("response", resolve).once("error", reject));
    req.write(head);
    // The rest of the body is never sent: the answer cannot have waited for it.
    const response = await answered;
    expect(response.statusCode).toBe(413);
    response.resume();
    req.destroy();
    expect(seenPosts("/login")).toEqual([]);
  });

  it("does not hold up other requests: /healthz is answered while several arrive at once", async () => {
    const attacks = Array.from({ length: 6 }, (_, i) => post(["/login", "/signup", "/contact"][i % 3]!, repeated("email=a")));
    const health = fetch(`${app.url}/healthz`).then((response) => response.status);
    // No timing here: on a server that parses these bodies, the six together take far longer than
    // this test's time limit, and /healthz waits behind them.
    expect(await health).toBe(200);
    expect((await Promise.all(attacks)).map((answer) => answer.status)).toEqual([413, 413, 413, 413, 413, 413]);
  }, 20_000);

  it("a form sent by the page's JavaScript gets the same refusal", async () => {
    expect((await post("/login.data", repeated("a=1"))).status).toBe(413);
  });

  it("the API answers its JSON error, for a form or a JSON body with too many values", async () => {
    const seenPosts = mark();
    const form = await post("/api/auth/login?lang=fr", repeated("email=a"));
    expect(form.status).toBe(413);
    expect(JSON.parse(form.text)).toEqual({
      error: { code: "too_many_fields", message: `Ce formulaire envoie plus de ${MAX_FORM_FIELDS} champs : rien n'a été lu ni enregistré.` },
    });
    const deep = await post("/api/auth/login", `${"[".repeat(100)}${"]".repeat(100)}`, { "Content-Type": "application/json" });
    expect(deep.status).toBe(413);
    expect(JSON.parse(deep.text)).toMatchObject({ error: { code: "too_many_fields" } });
    const wide = await post("/api/auth/login", JSON.stringify({ email: Array.from({ length: 20_000 }, () => "a") }), { "Content-Type": "application/json" });
    expect(wide.status).toBe(413);
    expect(seenPosts("/api/auth/login")).toEqual([]);
  });

  it("is counted as the app will read it: a form type after a comma, a boundary inside another parameter's quotes", async () => {
    const seenPosts = mark();
    // The app reads the last type of a comma-separated list, and a parameter's quoted value whole.
    const listed = await post("/login", repeated("email=a"), { "Content-Type": "text/plain, application/x-www-form-urlencoded" });
    expect(listed.status).toBe(413);
    const parts = Array.from({ length: 5_000 }, () => '--real\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n').join("");
    const quoted = await post("/login", `${parts}--real--\r\n`, { "Content-Type": 'multipart/form-data; x="; boundary=decoy"; boundary=real' });
    expect(quoted.status).toBe(413);
    expect(seenPosts("/login")).toEqual([]);
  });
});

describe("forms of a normal size", () => {
  it("still sign in, url-encoded or multipart", async () => {
    const seenPosts = mark();
    const encoded = await post("/login", new URLSearchParams({ email, password }).toString());
    expect(encoded.status).toBe(302);
    expect(encoded.headers.get("Set-Cookie")).toMatch(/plume_session=/);

    const multipart = new FormData();
    multipart.set("email", email);
    multipart.set("password", password);
    const response = await fetch(`${app.url}/login`, { method: "POST", body: multipart, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(seenPosts("/login")).toHaveLength(2);
  });

  it("are read as forms whatever the capitals of their type, on the API too", async () => {
    const body = new URLSearchParams({ email, password }).toString();
    const type = { "Content-Type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8" };
    expect((await post("/api/auth/login", body, type)).status).toBe(200);
    expect((await post("/login", body, type)).status).toBe(302);
  });

  it("are answered as before when invalid: the form's own message, not a refusal", async () => {
    const invalid = await post("/login", "email=not-an-address&password=x");
    expect(invalid.status).toBe(400);
  });
});

describe("a page's form that was not sent as a form", () => {
  it("is a 400 saying so in the user's language, not a 500, whatever its type or method", async () => {
    const seenPosts = mark();
    const cases: Array<[string, string, Record<string, string>]> = [
      ["POST", "email=a&password=b", { "Content-Type": "text/plain" }],
      ["POST", '{"email":"a"}', { "Content-Type": "application/json" }],
      ["POST", "email=a", { "Content-Type": "multipart/form-data" }],
      ["POST", "email=a", { "Content-Type": "multipart/form-data; boundary=absent" }],
      ["DELETE", "", {}],
    ];
    for (const [method, body, headers] of cases) {
      const response = await fetch(`${app.url}/login`, {
        method,
        body: body || undefined,
        headers: { "Accept-Language": "fr", ...headers },
        redirect: "manual",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Ce formulaire n&#x27;a pas pu être lu : envoyez-le depuis la page du site.");
    }
    expect(seenPosts("/login")).toHaveLength(cases.length);
  });

  it("sent by the page's JavaScript, gets the same 400", async () => {
    expect((await post("/login.data", "email=a", { "Content-Type": "text/plain" })).status).toBe(400);
  });
});

describe("malformed addresses", () => {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.url}${path}`, { headers, redirect: "manual" });
    return { status: response.status, text: await response.text(), type: response.headers.get("Content-Type") ?? "" };
  };

  it.each(["/%09/", "/%09%09/", "/%5c", "/%5C/", "/%0a/", "/%0D%0A/", "/%7f/", "/%09/.data", "/blog/%5c%09"])(
    "%s is the site's 404 page, not a 500",
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(404);
    },
  );

  it("says so in the user's language, inside the site's frame", async () => {
    const answer = await get("/%09/", { "Accept-Language": "fr" });
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.text).toContain("Page introuvable");
  });

  it("an address that cannot be decoded at all is the same 404 page, not the web server's bare 400", async () => {
    for (const path of ["/a%ZZ", "/%E0%A4%A", "/%FF", "/%c0%ae/"]) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(answer.text).toContain('data-testid="error-status"');
    }
  });

  it("an API address answers the API's JSON 404", async () => {
    for (const path of ["/api/%09/", "/api/%5C", "/api/a%ZZ"]) {
      const answer = await get(path);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("leaves well-formed addresses alone", async () => {
    expect((await get("/login")).status).toBe(200);
    expect((await get("/healthz?x=%09%5C")).status).toBe(200);
    expect((await get("/nothing-here")).status).toBe(404);
  });
});

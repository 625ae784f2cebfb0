// The posts and AI API (docs/api.md) end to end through the real route modules: answer shapes, status
// codes, languages, multipart uploads, the image file route, and that nobody reaches another
// user's posts or images.
import type { ActionFunctionArgs } from "@remix-run/node";
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { draftField, NETWORK_IDS } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import { getEnv, resetEnvCache } from "~/core/env/env.server";
import { MAX_IMAGE_BYTES } from "~/modules/media/limits";
import type { Platform } from "~/core/platforms/platforms";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import * as generate from "~/routes/api.ai.generate";
import * as posts from "~/routes/api.posts";
import * as post from "~/routes/api.posts.$postId";
import * as images from "~/routes/api.posts.$postId.images";
import * as image from "~/routes/api.posts.$postId.images.$imageId";
import * as publish from "~/routes/api.posts.$postId.publish";
import * as schedule from "~/routes/api.posts.$postId.schedule";
import * as media from "~/routes/media.$imageId";
import { startModelServer, type ModelServer } from "../fakes/model-server";
import { turnBillingOff, turnBillingOn } from "./billing-switch";
import { uniqueEmail } from "./helpers";

type Handler = (args: ActionFunctionArgs) => Promise<Response>;
type Route = { loader: Handler; action: Handler };

interface CallInit {
  path?: string;
  params?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  body: Record<string, any> | null;
  text: string;
  headers: Headers;
}

async function call(route: Route, method: string, init: CallInit = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body: BodyInit | undefined;
  if (init.form)
    body = init.form; // fetch sets multipart/form-data with its boundary
  else if (init.body !== undefined) {
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  const request = new Request(`http://localhost:3000${init.path ?? "/api/posts"}`, { method, headers, body });
  const args = { request, params: init.params ?? {}, context: { cspNonce: "", clientIp: "192.0.2.20" } } as unknown as ActionFunctionArgs;
  const response = method === "GET" || method === "HEAD" ? await route.loader(args) : await route.action(args);
  const text = await response.text();
  let parsed: Record<string, any> | null = null;
  if (text && (response.headers.get("Content-Type") ?? "").includes("json")) parsed = JSON.parse(text) as Record<string, any>;
  return { status: response.status, body: parsed, text, headers: response.headers };
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface TestUser {
  id: string;
  cookie: string;
}

async function signedInUser(options: { connect?: Platform[]; trialStartedAt?: Date } = {}): Promise<TestUser> {
  const user = await getDb().user.create({
    data: {
      email: uniqueEmail("api-posts"),
      passwordHash: "not-a-real-hash",
      subscription: { create: trialSubscriptionData(options.trialStartedAt) },
    },
  });
  for (const provider of options.connect ?? []) {
    await getDb().channel.create({ data: { userId: user.id, workspaceId: user.id, network: provider, providerUserId: "x", status: "active" } });
  }
  const setCookie = await createSession(user.id);
  return { id: user.id, cookie: setCookie.split(";")[0]! };
}

async function createVia(user: TestUser, body: Record<string, unknown>) {
  const res = await call(posts, "POST", { cookie: user.cookie, body });
  expect(res.status).toBe(201);
  return res.body!.data as Record<string, any>;
}

const pngBytes = (width = 24, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

function imageForm(files: { bytes: Uint8Array; name?: string; type?: string }[], altText?: string): FormData {
  const form = new FormData();
  if (altText !== undefined) form.append("altText", altText);
  for (const file of files) {
    form.append("image", new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? "image/png" }), file.name ?? "photo.png");
  }
  return form;
}

async function upload(user: TestUser, postId: string, form: FormData, headers?: Record<string, string>) {
  return call(images, "POST", { cookie: user.cookie, path: `/api/posts/${postId}/images`, params: { postId }, form, headers });
}

const POST_KEYS = [
  "id",
  "status",
  "linkedinText",
  "twitterText",
  "platforms",
  "scheduledAt",
  "publishedAt",
  "createdAt",
  "updatedAt",
  "source",
  "images",
  "deliveries",
  "error",
];
const IMAGE_KEYS = ["id", "url", "width", "height", "size", "mimeType", "altText"];
// The version 1 fields, and targetId (version 2 adds fields, never renames them).
const DELIVERY_KEYS = ["platform", "status", "attempts", "externalId", "url", "error", "publishedAt", "errorCode", "targetId"];

describe("authentication", () => {
  it("answers 401 JSON on every route without a session", async () => {
    const params = { postId: "p1", imageId: "i1" };
    const cases: [Route, string][] = [
      [posts, "GET"],
      [posts, "POST"],
      [post, "GET"],
      [post, "PATCH"],
      [post, "DELETE"],
      [schedule, "POST"],
      [publish, "POST"],
      [images, "POST"],
      [image, "DELETE"],
      [generate, "POST"],
    ];
    for (const [route, method] of cases) {
      const res = await call(route, method, { params, body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(res.status, `${method} ${Object.keys(route)}`).toBe(401);
      expect(res.body).toEqual({ error: { code: "unauthorized", message: "You are not signed in." } });
    }
    const fr = await call(posts, "GET", { headers: { "Accept-Language": "fr" } });
    expect(fr.body).toEqual({ error: { code: "unauthorized", message: "Vous n'êtes pas connecté." } });
  });
});

describe("POST /api/posts and GET /api/posts/{id}", () => {
  it("creates a draft (201) in the API's post shape", async () => {
    const user = await signedInUser();
    const res = await call(posts, "POST", {
      cookie: user.cookie,
      body: { platforms: ["twitter", "linkedin"], linkedinText: "Hello LI", twitterText: "Hello X" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body!)).toEqual(["data"]);
    const data = res.body!.data;
    for (const key of POST_KEYS) expect(data, key).toHaveProperty(key);
    expect(data).toMatchObject({
      status: "draft",
      linkedinText: "Hello LI",
      twitterText: "Hello X",
      platforms: ["linkedin", "twitter"],
      scheduledAt: null,
      publishedAt: null,
      source: "manual",
      images: [],
      deliveries: [],
      error: null,
    });
    expect(data.createdAt).toMatch(ISO);
    expect(data.updatedAt).toMatch(ISO);

    const got = await call(post, "GET", { cookie: user.cookie, params: { postId: data.id } });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ data });
  });

  it("accepts a single platform as a string, and missing texts as empty", async () => {
    const user = await signedInUser();
    const data = await createVia(user, { platforms: "linkedin" });
    expect(data).toMatchObject({ platforms: ["linkedin"], linkedinText: "", twitterText: "" });
  });

  it("validates with 422 and per-field messages, in English and in French", async () => {
    const user = await signedInUser();
    const en = await call(posts, "POST", { cookie: user.cookie, body: { platforms: ["facebook"], linkedinText: 42, scheduledAt: "tomorrow" } });
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      error: {
        code: "validation_failed",
        message: "Some fields are not valid.",
        fields: {
          platforms: "Choose at least one platform",
          linkedinText: "Invalid value",
          scheduledAt: "Give a date and time in ISO 8601 format, such as 2026-12-01T09:00:00Z",
        },
      },
    });
    const fr = await call(posts, "POST", { cookie: user.cookie, body: {}, headers: { "Accept-Language": "fr-FR,fr;q=0.9" } });
    expect(fr.status).toBe(422);
    expect(fr.body!.error.message).toBe("Certains champs ne sont pas valides.");
    expect(Object.keys(fr.body!.error.fields)).toEqual(["platforms"]);
    expect(fr.body!.error.fields.platforms).not.toBe("Choose at least one platform");
    expect((await call(posts, "GET", { cookie: user.cookie })).body!.meta.total).toBe(0);
  });

  it("answers 400 for a malformed body and 405 for a wrong method", async () => {
    const user = await signedInUser();
    for (const body of ["{not json", "[1, 2]", '"text"']) {
      const res = await call(posts, "POST", { cookie: user.cookie, body });
      expect(res.status).toBe(400);
      expect(res.body!.error.code).toBe("malformed_request");
    }
    const wrong = await call(posts, "PUT", { cookie: user.cookie, body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET, POST");
  });

  it("answers 404 for an unknown post, in the request's language", async () => {
    const user = await signedInUser();
    const en = await call(post, "GET", { cookie: user.cookie, params: { postId: "nope" } });
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ error: { code: "not_found", message: "This post does not exist." } });
    const fr = await call(post, "GET", { cookie: user.cookie, params: { postId: "nope" }, headers: { "Accept-Language": "fr" } });
    expect(fr.body).toEqual({ error: { code: "not_found", message: "Cette publication n'existe pas." } });
  });

  it("answers 404, not 500, for ids no record can have (a NUL byte breaks PostgreSQL)", async () => {
    const user = await signedInUser();
    for (const postId of ["a\u0000b", "x".repeat(200), "../etc"]) {
      const res = await call(post, "GET", { cookie: user.cookie, params: { postId } });
      expect(res.status, JSON.stringify(postId)).toBe(404);
    }
  });

  it("refuses text the databases cannot store (NUL, lone surrogate) with 422", async () => {
    const user = await signedInUser();
    for (const text of ["a\u0000b", "broken \ud800 pair"]) {
      const res = await call(posts, "POST", { cookie: user.cookie, body: { platforms: ["linkedin"], linkedinText: text } });
      expect(res.status).toBe(422);
      expect(res.body!.error.fields).toEqual({ linkedinText: "This text contains characters that cannot be stored." });
    }
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(0);
  });

  it("creates and schedules at once with scheduledAt", async () => {
    const user = await signedInUser({ connect: ["linkedin", "twitter"] });
    const at = inHours(2);
    const data = await createVia(user, { platforms: ["linkedin", "twitter"], linkedinText: "LI", twitterText: "X", scheduledAt: at });
    expect(data.status).toBe("scheduled");
    expect(data.scheduledAt).toBe(at);
    expect(data.deliveries).toHaveLength(2);
    for (const delivery of data.deliveries) {
      expect(Object.keys(delivery).sort()).toEqual([...DELIVERY_KEYS].sort());
      expect(delivery).toMatchObject({ status: "pending", attempts: 0, externalId: null, url: null, error: null, publishedAt: null });
    }
    // An offset is accepted and answered in UTC.
    const offset = await createVia(user, { platforms: ["linkedin"], linkedinText: "LI", scheduledAt: "2099-06-01T10:00:00+02:00" });
    expect(offset.scheduledAt).toBe("2099-06-01T08:00:00.000Z");
  });

  it("leaves nothing behind when the schedule of a POST is refused", async () => {
    const user = await signedInUser({ connect: ["linkedin"] });
    const count = async () => (await call(posts, "GET", { cookie: user.cookie })).body!.meta.total as number;

    const notConnected = await call(posts, "POST", { cookie: user.cookie, body: { platforms: ["twitter"], twitterText: "Hi", scheduledAt: inHours(1) } });
    expect(notConnected.status).toBe(409);
    expect(notConnected.body).toEqual({ error: { code: "accounts_not_connected", message: "Please connect your accounts first" } });

    const past = await call(posts, "POST", { cookie: user.cookie, body: { platforms: ["linkedin"], linkedinText: "Hi", scheduledAt: inHours(-1) } });
    expect(past.status).toBe(422);
    expect(past.body!.error).toEqual({
      code: "time_in_past",
      message: "This time is in the past. Choose a later one.",
      fields: { scheduledAt: "This time is in the past. Choose a later one." },
    });

    const empty = await call(posts, "POST", { cookie: user.cookie, body: { platforms: ["linkedin"], scheduledAt: inHours(1) } });
    expect(empty.status).toBe(422);
    expect(empty.body!.error.code).toBe("text_required");
    expect(empty.body!.error.fields).toEqual({ linkedinText: "Write a text for this platform" });

    expect(await count()).toBe(0);
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("GET /api/posts", () => {
  it("lists newest first with status, page and pageSize, and meta", async () => {
    const user = await signedInUser({ connect: ["linkedin"] });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const data = await createVia(user, { platforms: ["linkedin"], linkedinText: `post ${i}` });
      await getDb().post.update({ where: { id: data.id }, data: { createdAt: new Date(Date.now() - DAY + i * 60_000) } });
      ids.push(data.id);
    }
    await call(schedule, "POST", { cookie: user.cookie, params: { postId: ids[1]! }, body: { scheduledAt: inHours(3) } });
    await getDb().post.update({ where: { id: ids[2]! }, data: { status: "published", publishedAt: new Date() } });
    await getDb().post.update({ where: { id: ids[3]! }, data: { status: "publishing" } });
    await getDb().post.update({ where: { id: ids[4]! }, data: { status: "failed", errorCode: "x", errorMessage: "LinkedIn said no" } });
    await createVia(await signedInUser(), { platforms: ["twitter"] }); // someone else's

    const all = await call(posts, "GET", { cookie: user.cookie });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body!)).toEqual(["data", "meta"]);
    expect(all.body!.meta).toEqual({ page: 1, pageSize: 20, total: 5 });
    expect(all.body!.data.map((p: any) => p.id)).toEqual([...ids].reverse());
    for (const p of all.body!.data) for (const key of POST_KEYS) expect(p).toHaveProperty(key);
    expect(all.body!.data[0].error).toEqual({ code: "x", message: "LinkedIn said no" });

    const list = async (query: string) => (await call(posts, "GET", { cookie: user.cookie, path: `/api/posts?${query}` })).body!;
    const pending = await list("status=pending");
    expect(pending.data.map((p: any) => p.id)).toEqual([ids[3], ids[1]]);
    expect(pending.meta.total).toBe(2);
    expect((await list("status=draft")).data.map((p: any) => p.id)).toEqual([ids[0]]);
    expect((await list("status=published")).data.map((p: any) => p.status)).toEqual(["published"]);
    expect((await list("status=failed")).data.map((p: any) => p.status)).toEqual(["failed"]);

    const page2 = await list("page=2&pageSize=2");
    expect(page2.meta).toEqual({ page: 2, pageSize: 2, total: 5 });
    expect(page2.data.map((p: any) => p.id)).toEqual([ids[2], ids[1]]);
    const beyond = await list("page=9&pageSize=2");
    expect(beyond).toEqual({ data: [], meta: { page: 9, pageSize: 2, total: 5 } });

    // Nonsense query values fall back to the defaults rather than failing.
    const fallback = await list("status=bogus&page=-3&pageSize=5000");
    expect(fallback.meta).toEqual({ page: 1, pageSize: 20, total: 5 });
  });
});

describe("PATCH and DELETE /api/posts/{id}", () => {
  it("changes any of platforms and texts", async () => {
    const user = await signedInUser();
    const created = await createVia(user, { platforms: ["linkedin"], linkedinText: "Before" });
    const res = await call(post, "PATCH", {
      cookie: user.cookie,
      params: { postId: created.id },
      body: { twitterText: "Now on X", platforms: ["linkedin", "twitter"] },
    });
    expect(res.status).toBe(200);
    expect(res.body!.data).toMatchObject({ id: created.id, linkedinText: "Before", twitterText: "Now on X", platforms: ["linkedin", "twitter"] });
  });

  it("answers 422 for an empty change and 409 once published", async () => {
    const user = await signedInUser();
    const created = await createVia(user, { platforms: ["linkedin"], linkedinText: "Before" });
    const nothing = await call(post, "PATCH", { cookie: user.cookie, params: { postId: created.id }, body: {} });
    expect(nothing.status).toBe(422);
    expect(nothing.body!.error.fields).toEqual({ body: "Send at least one of platforms, linkedinText or twitterText" });
    const badPlatforms = await call(post, "PATCH", { cookie: user.cookie, params: { postId: created.id }, body: { platforms: [] } });
    expect(badPlatforms.status).toBe(422);
    expect(badPlatforms.body!.error.fields).toEqual({ platforms: "Choose at least one platform" });

    await getDb().post.update({ where: { id: created.id }, data: { status: "published", publishedAt: new Date() } });
    const published = await call(post, "PATCH", { cookie: user.cookie, params: { postId: created.id }, body: { linkedinText: "After" } });
    expect(published.status).toBe(409);
    expect(published.body).toEqual({ error: { code: "post_published", message: "This post is already published: it can no longer be changed." } });
    const fr = await call(post, "PATCH", {
      cookie: user.cookie,
      params: { postId: created.id },
      body: { linkedinText: "After" },
      headers: { "Accept-Language": "fr" },
    });
    expect(fr.body!.error.message).toBe("Cette publication est déjà publiée : elle ne peut plus être modifiée.");
    const image = await upload(user, created.id, imageForm([{ bytes: await pngBytes() }]));
    expect(image.status).toBe(409);
  });

  it("keeps a scheduled post publishable: an X text over 280 is refused with 422", async () => {
    const user = await signedInUser({ connect: ["twitter"] });
    const created = await createVia(user, { platforms: ["twitter"], twitterText: "Short", scheduledAt: inHours(1) });
    const res = await call(post, "PATCH", { cookie: user.cookie, params: { postId: created.id }, body: { twitterText: "a".repeat(281) } });
    expect(res.status).toBe(422);
    expect(res.body!.error).toEqual({
      code: "text_too_long",
      message: "The X text is too long (281 of 280).",
      fields: { twitterText: "Too long for this platform: shorten it to fit the counter" },
    });
  });

  it("deletes with 204 and no body, then answers 404", async () => {
    const user = await signedInUser();
    const created = await createVia(user, { platforms: ["linkedin"] });
    const uploaded = await upload(user, created.id, imageForm([{ bytes: await pngBytes() }]));
    const stored = await getDb().media.findUniqueOrThrow({ where: { id: uploaded.body!.data.id } });
    const res = await call(post, "DELETE", { cookie: user.cookie, params: { postId: created.id } });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call(post, "GET", { cookie: user.cookie, params: { postId: created.id } })).status).toBe(404);
    expect((await call(post, "DELETE", { cookie: user.cookie, params: { postId: created.id } })).status).toBe(404);
    expect(existsSync(path.join(getEnv().DATA_DIR, "uploads", stored.storageKey))).toBe(false);
  });

  it("refuses to delete a post being published (409)", async () => {
    const user = await signedInUser();
    const created = await createVia(user, { platforms: ["linkedin"] });
    await getDb().post.update({ where: { id: created.id }, data: { status: "publishing" } });
    const res = await call(post, "DELETE", { cookie: user.cookie, params: { postId: created.id } });
    expect(res.status).toBe(409);
    expect(res.body!.error.code).toBe("post_publishing");
  });
});

describe("schedule and publish", () => {
  it("schedules, reschedules and answers the post", async () => {
    const user = await signedInUser({ connect: ["linkedin", "twitter"] });
    const created = await createVia(user, { platforms: ["linkedin", "twitter"], linkedinText: "LI", twitterText: "X" });
    const at = inHours(4);
    const res = await call(schedule, "POST", { cookie: user.cookie, params: { postId: created.id }, body: { scheduledAt: at } });
    expect(res.status).toBe(200);
    expect(res.body!.data).toMatchObject({ id: created.id, status: "scheduled", scheduledAt: at });
    expect(res.body!.data.deliveries.map((d: any) => [d.platform, d.status])).toEqual([
      ["linkedin", "pending"],
      ["twitter", "pending"],
    ]);
    const later = inHours(8);
    const again = await call(schedule, "POST", { cookie: user.cookie, params: { postId: created.id }, body: { scheduledAt: later } });
    expect(again.body!.data.scheduledAt).toBe(later);
    const rows = await getDb().delivery.findMany({ where: { postId: created.id } });
    expect(rows.map((d) => d.nextAttemptAt?.toISOString())).toEqual([later, later]);
  });

  it("refuses bad times, missing connections and over-long texts", async () => {
    const user = await signedInUser({ connect: ["linkedin"] });
    const created = await createVia(user, { platforms: ["linkedin", "twitter"], linkedinText: "LI", twitterText: "X" });
    const params = { postId: created.id };

    const missing = await call(schedule, "POST", { cookie: user.cookie, params, body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body!.error.fields)).toEqual(["scheduledAt"]);
    const notIso = await call(schedule, "POST", { cookie: user.cookie, params, body: { scheduledAt: "next Tuesday" } });
    expect(notIso.status).toBe(422);
    const soon = await call(schedule, "POST", { cookie: user.cookie, params, body: { scheduledAt: new Date(Date.now() + 20_000).toISOString() } });
    expect(soon.status).toBe(422);
    expect(soon.body!.error.code).toBe("time_too_soon");
    expect(soon.body!.error.fields.scheduledAt).toBe("Choose a time at least one minute from now, or publish now.");

    const fr = await call(schedule, "POST", { cookie: user.cookie, params, body: { scheduledAt: inHours(1) }, headers: { "Accept-Language": "fr" } });
    expect(fr.status).toBe(409);
    expect(fr.body).toEqual({ error: { code: "accounts_not_connected", message: "Veuillez d'abord connecter vos comptes" } });

    await call(post, "PATCH", { cookie: user.cookie, params, body: { platforms: ["linkedin"], linkedinText: "b".repeat(3001) } });
    const tooLong = await call(schedule, "POST", { cookie: user.cookie, params, body: { scheduledAt: inHours(1) } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body!.error.message).toBe("The LinkedIn text is too long (3001 of 3000).");

    const after = await call(post, "GET", { cookie: user.cookie, params });
    expect(after.body!.data).toMatchObject({ status: "draft", scheduledAt: null, deliveries: [] });
  });

  it("publishes now: the post is due at once", async () => {
    const user = await signedInUser({ connect: ["twitter"] });
    const created = await createVia(user, { platforms: ["twitter"], twitterText: "Right now" });
    const before = Date.now();
    const res = await call(publish, "POST", { cookie: user.cookie, params: { postId: created.id } });
    expect(res.status).toBe(200);
    expect(res.body!.data.status).toBe("scheduled");
    expect(Date.parse(res.body!.data.scheduledAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(res.body!.data.scheduledAt)).toBeLessThanOrEqual(Date.now());
    expect(res.body!.data.deliveries).toMatchObject([{ platform: "twitter", status: "pending" }]);

    await getDb().post.update({ where: { id: created.id }, data: { status: "published" } });
    const again = await call(publish, "POST", { cookie: user.cookie, params: { postId: created.id } });
    expect(again.status).toBe(409);
    expect(again.body!.error.code).toBe("post_published");
  });
});

describe("images", () => {
  it("uploads one image through a real multipart request (201) and deletes it (204)", async () => {
    const user = await signedInUser();
    const created = await createVia(user, { platforms: ["linkedin"], linkedinText: "With a picture" });
    const bytes = await pngBytes(24, 16);
    const res = await upload(user, created.id, imageForm([{ bytes, name: "chart.png" }], "  A blue square  "));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body!)).toEqual(["data"]);
    const data = res.body!.data;
    expect(Object.keys(data).sort()).toEqual([...IMAGE_KEYS].sort());
    expect(data).toEqual({
      id: data.id,
      url: `/media/${data.id}`,
      width: 24,
      height: 16,
      size: bytes.byteLength,
      mimeType: "image/png",
      altText: "A blue square",
    });

    const got = await call(post, "GET", { cookie: user.cookie, params: { postId: created.id } });
    expect(got.body!.data.images).toEqual([data]);

    const removed = await call(image, "DELETE", { cookie: user.cookie, params: { postId: created.id, imageId: data.id } });
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    const gone = await call(image, "DELETE", { cookie: user.cookie, params: { postId: created.id, imageId: data.id } });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: { code: "not_found", message: "This image does not exist." } });
    expect((await call(post, "GET", { cookie: user.cookie, params: { postId: created.id } })).body!.data.images).toEqual([]);
  });

  it("decides the type by the bytes, not by the name or the declared type", async () => {
    const user = await signedInUser();
    const created = await createVia(user, { platforms: ["linkedin"] });
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "white" } })
        .jpeg()
        .toBuffer(),
    );
    const res = await upload(user, created.id, imageForm([{ bytes: jpeg, name: "photo.gif", type: "image/gif" }]));
    expect(res.status).toBe(201);
    expect(res.body!.data.mimeType).toBe("image/jpeg");

    const text = new TextEncoder().encode("just some text");
    const fake = await upload(user, created.id, imageForm([{ bytes: text, name: "photo.png", type: "image/png" }]));
    expect(fake.status).toBe(422);
    expect(fake.body).toEqual({
      error: { code: "unsupported_image", message: "This file is not a JPEG, PNG, GIF or WebP image.", fields: { image: "Not a supported image" } },
    });
  });

  it("answers 422 for no file or two files, 413 over 5 MB and 422 for a fifth image", async () => {
    const user = await signedInUser();
    const created = await createVia(user, { platforms: ["linkedin"] });
    const png = await pngBytes();

    const noFile = await upload(user, created.id, imageForm([], "alt only"));
    expect(noFile.status).toBe(422);
    expect(noFile.body).toEqual({
      error: { code: "validation_failed", message: "Some fields are not valid.", fields: { image: "Attach one image file in the image field." } },
    });
    const json = await call(images, "POST", { cookie: user.cookie, params: { postId: created.id }, body: { image: "x" } });
    expect(json.status).toBe(422);
    expect(json.body!.error.fields).toHaveProperty("image");

    const two = await upload(user, created.id, imageForm([{ bytes: png }, { bytes: png, name: "second.png" }]));
    expect(two.status).toBe(422);
    expect(two.body!.error.code).toBe("validation_failed");
    expect(two.body!.error.fields).toEqual({ image: "Send one image per request." });

    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    huge.set(png.subarray(0, 8));
    const tooLarge = await upload(user, created.id, imageForm([{ bytes: huge }]));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({
      error: { code: "image_too_large", message: "Images must be 5 MB or smaller.", fields: { image: "This image is larger than 5 MB" } },
    });
    const tooLargeFr = await upload(user, created.id, imageForm([{ bytes: huge }]), { "Accept-Language": "fr" });
    expect(tooLargeFr.body!.error.message).toBe("Les images doivent faire 5 Mo au plus.");

    const longAlt = await upload(user, created.id, imageForm([{ bytes: png }], "x".repeat(1001)));
    expect(longAlt.status).toBe(422);
    expect(longAlt.body!.error.fields).toEqual({ altText: "Alt text is limited to 1,000 characters" });

    expect(await getDb().media.count({ where: { postId: created.id } })).toBe(0);
    for (let i = 0; i < 4; i++) expect((await upload(user, created.id, imageForm([{ bytes: png }]))).status).toBe(201);
    const fifth = await upload(user, created.id, imageForm([{ bytes: png }]));
    expect(fifth.status).toBe(422);
    expect(fifth.body).toEqual({
      error: { code: "too_many_images", message: "A post can have at most 4 images.", fields: { image: "No more than 4 images" } },
    });
    expect(await getDb().media.count({ where: { postId: created.id } })).toBe(4);
  });

  it("serves an image file to its owner only", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const created = await createVia(owner, { platforms: ["linkedin"] });
    const bytes = await pngBytes(10, 10);
    const { url, id } = (await upload(owner, created.id, imageForm([{ bytes }]))).body!.data;

    const fetchImage = (headers: Record<string, string>) =>
      media.loader({
        request: new Request(`http://localhost:3000${url}`, { headers }),
        params: { imageId: id },
        context: { cspNonce: "", clientIp: "192.0.2.20" },
      });
    const mine = await fetchImage({ Cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/png");
    expect(mine.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(bytes);

    for (const headers of [{ Cookie: other.cookie }, {}] as Record<string, string>[]) {
      const res = await fetchImage(headers);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain(id);
    }
  });
});

describe("authorization: user B and user A's post", () => {
  it("answers 404 to B on every route for A's post and image, and A's post is unchanged", async () => {
    const a = await signedInUser({ connect: ["linkedin", "twitter"] });
    const b = await signedInUser({ connect: ["linkedin", "twitter"] });
    const created = await createVia(a, { platforms: ["linkedin", "twitter"], linkedinText: "A's post", twitterText: "A's post" });
    const postId = created.id as string;
    const imageId = (await upload(a, postId, imageForm([{ bytes: await pngBytes() }], "A's image"))).body!.data.id as string;
    const stored = await getDb().media.findUniqueOrThrow({ where: { id: imageId } });
    const before = (await call(post, "GET", { cookie: a.cookie, params: { postId } })).body!.data;

    const attempts: [string, () => Promise<Answer>][] = [
      ["GET", () => call(post, "GET", { cookie: b.cookie, params: { postId } })],
      ["PATCH", () => call(post, "PATCH", { cookie: b.cookie, params: { postId }, body: { linkedinText: "B was here" } })],
      ["DELETE", () => call(post, "DELETE", { cookie: b.cookie, params: { postId } })],
      ["schedule", () => call(schedule, "POST", { cookie: b.cookie, params: { postId }, body: { scheduledAt: inHours(2) } })],
      ["publish", () => call(publish, "POST", { cookie: b.cookie, params: { postId } })],
      ["images POST", () => pngBytes().then((bytes) => upload(b, postId, imageForm([{ bytes }])))],
      ["images POST without file", () => upload(b, postId, imageForm([]))],
      ["images DELETE", () => call(image, "DELETE", { cookie: b.cookie, params: { postId, imageId } })],
    ];
    for (const [name, attempt] of attempts) {
      const res = await attempt();
      expect(res.status, name).toBe(404);
      expect(res.body!.error.code, name).toBe("not_found");
      expect(JSON.stringify(res.body), name).not.toContain("A's post");
    }

    // Exactly what a post that never existed answers: nothing tells B that A's post is there.
    const foreign = await call(post, "GET", { cookie: b.cookie, params: { postId } });
    const missing = await call(post, "GET", { cookie: b.cookie, params: { postId: `${postId}x` } });
    expect(foreign.body).toEqual(missing.body);
    const foreignImage = await call(image, "DELETE", { cookie: b.cookie, params: { postId, imageId } });
    const missingImage = await call(image, "DELETE", { cookie: b.cookie, params: { postId: `${postId}x`, imageId } });
    expect(foreignImage.body).toEqual(missingImage.body);

    // B's own post with A's image id: still 404.
    const own = await createVia(b, { platforms: ["linkedin"] });
    const crossed = await call(image, "DELETE", { cookie: b.cookie, params: { postId: own.id, imageId } });
    expect(crossed.status).toBe(404);
    // A's image id under another of A's posts is not found either.
    const other = await createVia(a, { platforms: ["linkedin"] });
    expect((await call(image, "DELETE", { cookie: a.cookie, params: { postId: other.id, imageId } })).status).toBe(404);

    const after = (await call(post, "GET", { cookie: a.cookie, params: { postId } })).body!.data;
    expect(after).toEqual(before);
    expect(existsSync(path.join(getEnv().DATA_DIR, "uploads", stored.storageKey))).toBe(true);
    expect(await getDb().delivery.count({ where: { postId } })).toBe(0);
    const bList = await call(posts, "GET", { cookie: b.cookie });
    expect(bList.body!.data.map((p: any) => p.id)).toEqual([own.id]);
  });
});

describe("POST /api/ai/generate", () => {
  const AI_KEYS = ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL", "AI_TIMEOUT_MS", "AI_REQUESTS_PER_HOUR"] as const;
  let server: ModelServer;

  function configureAi(overrides: Partial<Record<(typeof AI_KEYS)[number], string | undefined>> = {}): void {
    const values = {
      AI_BASE_URL: server.url,
      AI_API_KEY: "sk-test-key",
      AI_MODEL: "test-model",
      AI_TIMEOUT_MS: "5000",
      AI_REQUESTS_PER_HOUR: "3",
      ...overrides,
    };
    for (const key of AI_KEYS) {
      const value = values[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  }

  const body = { prompt: "our new scheduling feature", platforms: ["linkedin", "twitter"], emojis: false, hashtags: true };
  const generateAs = (user: TestUser, payload: unknown = body, headers?: Record<string, string>) =>
    call(generate, "POST", { cookie: user.cookie, path: "/api/ai/generate", body: payload, headers });

  beforeAll(async () => {
    server = await startModelServer();
  });
  beforeEach(() => {
    configureAi();
    server.setScenario("ok");
  });
  afterEach(() => {
    for (const key of AI_KEYS) delete process.env[key];
    resetEnvCache();
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers both texts (200)", async () => {
    const user = await signedInUser();
    const res = await generateAs(user);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body!)).toEqual(["data"]);
    // One text per network (fields added beyond the version 1 pair), "" for the networks not asked.
    expect(Object.keys(res.body!.data).sort()).toEqual(NETWORK_IDS.map((network) => draftField(network)).sort());
    expect(res.body!.data).toMatchObject({ blueskyText: "", mastodonText: "" });
    expect(res.body!.data.linkedinText).toMatch(/^Here is a LinkedIn post about our new scheduling feature/);
    expect(res.body!.data.linkedinText).toContain("#Plume");
    expect(res.body!.data.twitterText).toMatch(/^New post about our new scheduling feature/);
    const system = server.requests.at(-1)!.body.messages.find((m: any) => m.role === "system").content as string;
    expect(system).toContain("Language: English");
    expect(system).toContain("Hashtags: yes");
  });

  it("writes in the request's language", async () => {
    const user = await signedInUser();
    const res = await generateAs(user, { ...body, platforms: ["twitter"] }, { "Accept-Language": "fr-FR,fr;q=0.8" });
    expect(res.status).toBe(200);
    expect(res.body!.data.linkedinText).toBe("");
    expect(res.body!.data.twitterText).toMatch(/^Nouvelle publication sur/);
  });

  it("validates the body (422) without calling the model or counting the request", async () => {
    const user = await signedInUser();
    const before = server.requests.length;
    const res = await generateAs(user, { prompt: "a", platforms: [], emojis: "yes" });
    expect(res.status).toBe(422);
    expect(res.body!.error.fields).toEqual({
      prompt: "Describe the post in a few words",
      platforms: "Choose at least one platform",
      emojis: "Invalid value",
    });
    expect((await generateAs(user, "{oops")).status).toBe(400);
    expect(server.requests.length).toBe(before);
    expect(await getDb().rateLimitBucket.findUnique({ where: { key: `ai:user:${user.id}` } })).toBeNull();
  });

  it("refuses an expired trial with 402 when billing is on, naming the subscription and /pricing", async () => {
    turnBillingOn();
    try {
      const user = await signedInUser({ trialStartedAt: new Date(Date.now() - 15 * DAY) });
      const before = server.requests.length;
      const res = await generateAs(user);
      expect(res.status).toBe(402);
      expect(res.body).toEqual({
        error: {
          code: "ai_paid_plan_required",
          message: "The writing assistant needs a Pro or Enterprise subscription (the free trial includes it). See the plans: /pricing",
        },
      });
      expect(server.requests.length).toBe(before);
      const french = await generateAs(user, undefined, { "Accept-Language": "fr" });
      expect(french.body!.error.message).toBe(
        "L'assistant de rédaction nécessite un abonnement Pro ou Entreprise (l'essai gratuit l'inclut). Voir les offres : /pricing",
      );
    } finally {
      turnBillingOff();
    }
  });

  it("lets an expired trial draft with AI while billing is off", async () => {
    const user = await signedInUser({ trialStartedAt: new Date(Date.now() - 15 * DAY) });
    expect((await generateAs(user)).status).toBe(200);
  });

  it("answers 503 when the assistant is not configured", async () => {
    configureAi({ AI_BASE_URL: undefined, AI_API_KEY: undefined });
    const user = await signedInUser();
    const res = await generateAs(user);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: "ai_unavailable", message: "The writing assistant is not available on this server." } });
  });

  it("limits requests per hour with 429 and Retry-After", async () => {
    const user = await signedInUser();
    for (let i = 0; i < 3; i++) expect((await generateAs(user)).status).toBe(200);
    const limited = await generateAs(user);
    expect(limited.status).toBe(429);
    expect(limited.body!.error.code).toBe("rate_limited");
    expect(limited.body!.error.message).toBe("You have asked the assistant for many drafts. Please try again in 60 minutes.");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect((await generateAs(await signedInUser())).status).toBe(200);
  });

  it("answers 502 when the model fails", async () => {
    server.setScenario("error500");
    const user = await signedInUser();
    const res = await generateAs(user);
    expect(res.status).toBe(502);
    expect(res.body!.error.code).toBe("ai_failed");
  });
});

// The version 2 API (docs/api.md, "Version 2") end to end through the real route modules, on SQLite
// and PostgreSQL: channels, posts given by targets and parts, their validation naming the part at
// fault, removing a channel, and retrying a failed post without sending published parts again.
import type { ActionFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelSchema, postSchema } from "~/modules/api/openapi-schemas";
import { createSession } from "~/modules/auth/session.server";
import { seal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import * as disconnectRoute from "~/routes/api.auth.$provider.disconnect";
import * as channels from "~/routes/api.channels";
import * as channel from "~/routes/api.channels.$channelId";
import * as posts from "~/routes/api.posts";
import * as post from "~/routes/api.posts.$postId";
import * as images from "~/routes/api.posts.$postId.images";
import * as metrics from "~/routes/api.posts.$postId.metrics.refresh";
import * as retry from "~/routes/api.posts.$postId.retry";
import * as schedule from "~/routes/api.posts.$postId.schedule";
import { startFakes, type Fakes } from "../support/publishing";
import { xChannelData } from "../support/x-channel";
import { uniqueEmail } from "./helpers";

type Handler = (args: ActionFunctionArgs) => Promise<Response>;
type Route = { loader: Handler; action: Handler };

interface Answer {
  status: number;
  body: Record<string, any> | null;
}

async function call(
  route: Route,
  method: string,
  init: { params?: Record<string, string>; body?: unknown; form?: FormData; cookie?: string; lang?: string } = {},
): Promise<Answer> {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.lang) headers.set("Accept-Language", init.lang);
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.body);
  }
  const request = new Request("http://localhost:3000/api/test", { method, headers, body });
  const args = { request, params: init.params ?? {}, context: { cspNonce: "", clientIp: "192.0.2.40" } } as unknown as ActionFunctionArgs;
  const response = method === "GET" ? await route.loader(args) : await route.action(args);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
}

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

interface V2User {
  id: string;
  cookie: string;
  /** Two X accounts (xA the older) and a LinkedIn member, oldest first: xA, li, xB. */
  xA: string;
  li: string;
  xB: string;
}

/** A user with two X channels and a LinkedIn channel, holding tokens the fakes issued. */
async function v2User(): Promise<V2User> {
  const db = getDb();
  const user = await db.user.create({
    data: { email: uniqueEmail("api-v2"), passwordHash: "x", subscription: { create: trialSubscriptionData() } },
  });
  const base = Date.now() - 60_000;
  const xChannel = async (offset: number) => {
    const { data } = xChannelData(fakes.x, user.id);
    const row = await db.channel.create({ data: { ...data, createdAt: new Date(base + offset), connectedAt: new Date(base + offset) } });
    return row.id;
  };
  const xA = await xChannel(0);
  const member = fakes.linkedin.createUser();
  const li = await db.channel.create({
    data: {
      userId: user.id,
      workspaceId: user.id,
      network: "linkedin",
      kind: "member",
      providerUserId: member.sub,
      displayName: member.name,
      accessTokenEnc: seal(fakes.linkedin.issueToken(member.sub)),
      expiresAt: new Date(Date.now() + 5_184_000_000),
      createdAt: new Date(base + 1000),
      connectedAt: new Date(base + 1000),
    },
  });
  const xB = await xChannel(2000);
  const cookie = (await createSession(user.id)).split(";")[0]!;
  return { id: user.id, cookie, xA, li: li.id, xB };
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const thread = (label: string, count: number) => Array.from({ length: count }, (_, i) => ({ text: `${label} ${i + 1}/${count}` }));

async function create(user: V2User, body: Record<string, unknown>) {
  const res = await call(posts, "POST", { cookie: user.cookie, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!.data as Record<string, any>;
}

const partsOf = (target: { parts: { position: number; text: string }[] }) => target.parts.map((p) => [p.position, p.text]);

describe("authentication", () => {
  it("answers 401 JSON on every version 2 route without a session", async () => {
    const params = { channelId: "c1", postId: "p1" };
    const cases: [Route, string, unknown][] = [
      [channels, "GET", undefined],
      [channel, "DELETE", undefined],
      [posts, "POST", { targets: [] }],
      [post, "PATCH", { targets: [] }],
      [retry, "POST", {}],
      [metrics, "POST", {}],
    ];
    for (const [route, method, body] of cases) {
      const res = await call(route, method, { params, body });
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(401);
      expect(res.body).toEqual({ error: { code: "unauthorized", message: "You are not signed in." } });
    }
  });
});

describe("GET /api/channels", () => {
  it("lists the user's channels oldest first, each with its network's limits, and nobody else's", async () => {
    const user = await v2User();
    await v2User(); // someone else's channels stay out
    const res = await call(channels, "GET", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const list = res.body!.data as Record<string, any>[];
    expect(list.map((c) => [c.id, c.network])).toEqual([
      [user.xA, "twitter"],
      [user.li, "linkedin"],
      [user.xB, "twitter"],
    ]);
    for (const item of list) expect(channelSchema.parse(item)).toEqual(item);
    expect(Object.keys(list[0]!).sort()).toEqual(
      ["id", "network", "kind", "displayName", "handle", "avatarUrl", "instance", "status", "connectedAt", "limits"].sort(),
    );
    expect(list[0]).toMatchObject({
      kind: "account",
      status: "active",
      instance: null,
      limits: { maxChars: 280, counting: "weighted", maxParts: 25, maxImagesPerPart: 4, maxImageBytes: 5 * 1024 * 1024 },
    });
    expect(list[0]!.handle).toBeTruthy();
    expect(list[1]).toMatchObject({ kind: "member", limits: { maxChars: 3000, counting: "characters", maxParts: 2 } });
    expect(Object.keys(list[1]!.limits)).toEqual(["maxChars", "counting", "maxParts", "maxImagesPerPart", "maxImageBytes"]);
  });
});

describe("POST /api/posts and PATCH /api/posts/{id} with targets", () => {
  it("creates an X thread on one account and a LinkedIn post with its first comment, and reads them back in order", async () => {
    const user = await v2User();
    const data = await create(user, {
      targets: [
        { channelId: user.xA, parts: thread("Thread", 4) },
        { channelId: user.li, parts: [{ text: "LinkedIn post" }, { text: "First comment" }] },
      ],
    });
    expect(postSchema.parse(data)).toEqual(data);
    expect(data).toMatchObject({ status: "draft", scheduledAt: null, deliveries: [] });
    expect(data.targets.map((t: any) => [t.channelId, t.network, t.status])).toEqual([
      [user.xA, "twitter", "pending"],
      [user.li, "linkedin", "pending"],
    ]);
    expect(partsOf(data.targets[0])).toEqual([
      [1, "Thread 1/4"],
      [2, "Thread 2/4"],
      [3, "Thread 3/4"],
      [4, "Thread 4/4"],
    ]);
    expect(partsOf(data.targets[1])).toEqual([
      [1, "LinkedIn post"],
      [2, "First comment"],
    ]);
    expect(data.targets[0].parts[0]).toMatchObject({ status: "pending", externalId: null, url: null, publishedAt: null, images: [] });
    expect(data.targets[0].metrics).toBeNull();
    // The version 1 fields, read from the targets.
    expect(data).toMatchObject({ platforms: ["linkedin", "twitter"], twitterText: "Thread 1/4", linkedinText: "LinkedIn post" });

    const got = await call(post, "GET", { cookie: user.cookie, params: { postId: data.id } });
    expect(got.body).toEqual({ data });
  });

  it("schedules at once with scheduledAt: one pending delivery per target", async () => {
    const user = await v2User();
    const data = await create(user, {
      targets: [
        { channelId: user.xB, parts: thread("Scheduled", 2) },
        { channelId: user.xA, parts: thread("Other account", 3) },
      ],
      scheduledAt: inHours(2),
    });
    expect(data.status).toBe("scheduled");
    expect(data.targets.map((t: any) => t.channelId)).toEqual([user.xB, user.xA]);
    expect(data.deliveries).toHaveLength(2);
    expect(data.deliveries.every((d: any) => d.status === "pending")).toBe(true);
  });

  it("PATCH replaces every target, and keeps a scheduled post publishable", async () => {
    const user = await v2User();
    const data = await create(user, {
      targets: [
        { channelId: user.xA, parts: thread("Before", 4) },
        { channelId: user.li, parts: [{ text: "Before on LinkedIn" }] },
      ],
      scheduledAt: inHours(3),
    });
    const res = await call(post, "PATCH", {
      cookie: user.cookie,
      params: { postId: data.id },
      body: { targets: [{ channelId: user.xB, parts: thread("After", 2) }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changed = res.body!.data;
    expect(changed.targets.map((t: any) => t.channelId)).toEqual([user.xB]);
    expect(partsOf(changed.targets[0])).toEqual([
      [1, "After 1/2"],
      [2, "After 2/2"],
    ]);
    expect(changed).toMatchObject({ status: "scheduled", platforms: ["twitter"], twitterText: "After 1/2" });
    expect(changed.deliveries).toHaveLength(1);

    // A scheduled post's new targets are checked as scheduling would: refused, nothing changes.
    const tooLong = await call(post, "PATCH", {
      cookie: user.cookie,
      params: { postId: data.id },
      body: { targets: [{ channelId: user.xB, parts: [{ text: "ok" }, { text: "x".repeat(281) }] }] },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body!.error.code).toBe("text_too_long");
    expect(Object.keys(tooLong.body!.error.fields)).toEqual(["targets.0.parts.1.text"]);
    const after = await call(post, "GET", { cookie: user.cookie, params: { postId: data.id } });
    expect(partsOf(after.body!.data.targets[0])).toEqual(partsOf(changed.targets[0]));
  });

  it("PATCH is a 409 once publishing began or the post is published", async () => {
    const user = await v2User();
    const data = await create(user, { targets: [{ channelId: user.xA, parts: thread("Locked", 2) }], scheduledAt: inHours(1) });
    const body = { targets: [{ channelId: user.xA, parts: thread("Changed", 2) }] };
    await getDb().delivery.updateMany({ where: { postId: data.id }, data: { status: "publishing" } });
    const publishing = await call(post, "PATCH", { cookie: user.cookie, params: { postId: data.id }, body });
    expect([publishing.status, publishing.body!.error.code]).toEqual([409, "post_publishing"]);
    await getDb().delivery.updateMany({ where: { postId: data.id }, data: { status: "published" } });
    await getDb().post.update({ where: { id: data.id }, data: { status: "published" } });
    const published = await call(post, "PATCH", { cookie: user.cookie, params: { postId: data.id }, body });
    expect([published.status, published.body!.error.code]).toEqual([409, "post_published"]);
  });

  it("still takes the version 1 body, and answers its fields and the targets it made", async () => {
    const user = await v2User();
    const data = await create(user, { platforms: ["twitter", "linkedin"], linkedinText: "Old LI", twitterText: "Old X" });
    expect(data).toMatchObject({ platforms: ["linkedin", "twitter"], linkedinText: "Old LI", twitterText: "Old X" });
    // The first channel (oldest) of each network, one part each.
    expect(data.targets.map((t: any) => [t.channelId, t.network, partsOf(t)])).toEqual([
      [user.li, "linkedin", [[1, "Old LI"]]],
      [user.xA, "twitter", [[1, "Old X"]]],
    ]);
    const patched = await call(post, "PATCH", { cookie: user.cookie, params: { postId: data.id }, body: { twitterText: "New X" } });
    expect(patched.body!.data).toMatchObject({ twitterText: "New X", linkedinText: "Old LI" });
    expect(partsOf(patched.body!.data.targets[1])).toEqual([[1, "New X"]]);
  });
});

describe("validation", () => {
  const postCount = (userId: string) => getDb().post.count({ where: { userId } });

  it("names the account and part 1 when part 1 is at fault, as for any other part (not the version 1 field)", async () => {
    const user = await v2User();
    const handle = (await getDb().channel.findUniqueOrThrow({ where: { id: user.xA } })).handle;
    // Two X accounts: part 1 of the first target is what twitterText says, but not the whole post.
    const twoAccounts = await call(posts, "POST", {
      cookie: user.cookie,
      body: {
        targets: [
          { channelId: user.xA, parts: [{ text: "x".repeat(300) }] },
          { channelId: user.xB, parts: [{ text: "Fits" }] },
        ],
        scheduledAt: inHours(2),
      },
    });
    expect(twoAccounts.status).toBe(422);
    expect(twoAccounts.body!.error.code).toBe("text_too_long");
    expect(twoAccounts.body!.error.message).toBe(`X @${handle}, part 1: the text is too long (300 of 280).`);
    expect(twoAccounts.body!.error.fields).toEqual({ "targets.0.parts.0.text": "Too long: shorten it, or split it into more parts" });

    // One thread: twitterText is its first tweet only.
    const firstOfTwo = await call(posts, "POST", {
      cookie: user.cookie,
      body: { targets: [{ channelId: user.xA, parts: [{ text: "x".repeat(281) }, { text: "Then" }] }], scheduledAt: inHours(2) },
    });
    expect(firstOfTwo.status).toBe(422);
    expect(firstOfTwo.body!.error.message).toMatch(/, part 1: the text is too long \(281 of 280\)\.$/);
    expect(firstOfTwo.body!.error.fields).toEqual({ "targets.0.parts.0.text": "Too long: shorten it, or split it into more parts" });
    expect(await postCount(user.id)).toBe(0);
  });

  it("names the part at fault when scheduling: an over-long third tweet, and nothing is left behind", async () => {
    const user = await v2User();
    const parts = thread("Tweet", 4);
    parts[2] = { text: "x".repeat(300) };
    const res = await call(posts, "POST", { cookie: user.cookie, body: { targets: [{ channelId: user.xA, parts }], scheduledAt: inHours(2) } });
    expect(res.status).toBe(422);
    expect(res.body!.error.code).toBe("text_too_long");
    expect(res.body!.error.message).toMatch(/part 3/);
    expect(res.body!.error.fields).toEqual({ "targets.0.parts.2.text": "Too long: shorten it, or split it into more parts" });
    expect(await postCount(user.id)).toBe(0);
    const fr = await call(posts, "POST", {
      cookie: user.cookie,
      lang: "fr",
      body: { targets: [{ channelId: user.xA, parts }], scheduledAt: inHours(2) },
    });
    expect(fr.status).toBe(422);
    expect(fr.body!.error.fields["targets.0.parts.2.text"]).not.toBe(res.body!.error.fields["targets.0.parts.2.text"]);
    expect(await postCount(user.id)).toBe(0);
  });

  it("refuses more parts than the network takes (LinkedIn: the post and one comment) when scheduling", async () => {
    const user = await v2User();
    const res = await call(posts, "POST", {
      cookie: user.cookie,
      body: {
        targets: [
          { channelId: user.xA, parts: thread("Fine", 2) },
          { channelId: user.li, parts: thread("Too many", 3) },
        ],
        scheduledAt: inHours(2),
      },
    });
    expect(res.status).toBe(422);
    expect(res.body!.error.code).toBe("too_many_parts");
    expect(Object.keys(res.body!.error.fields)).toEqual(["targets.1.parts"]);
    expect(await postCount(user.id)).toBe(0);
  });

  it("bounds the input before any work: targets, parts, text and image ids, each named", async () => {
    const user = await v2User();
    const cases: [unknown, string][] = [
      [{ targets: [{ channelId: user.xA, parts: thread("Long", 26) }] }, "targets.0.parts"],
      [{ targets: [{ channelId: user.xA, parts: [] }] }, "targets.0.parts"],
      [{ targets: [{ channelId: user.xA, parts: [{ text: "ok" }, { text: "y".repeat(20_001) }] }] }, "targets.0.parts.1.text"],
      [{ targets: [{ channelId: user.xA, parts: [{ text: "ok", imageIds: ["a", "b", "c", "d", "e"] }] }] }, "targets.0.parts.0.imageIds"],
      [{ targets: Array.from({ length: 21 }, () => ({ channelId: user.xA, parts: [{ text: "ok" }] })) }, "targets"],
      [{ targets: [{ parts: [{ text: "ok" }] }] }, "targets.0.channelId"],
      [{ targets: "not a list" }, "targets"],
    ];
    for (const [body, field] of cases) {
      const res = await call(posts, "POST", { cookie: user.cookie, body });
      expect(res.status, field).toBe(422);
      expect(res.body!.error.code).toBe("validation_failed");
      expect(Object.keys(res.body!.error.fields), field).toEqual([field]);
    }
    expect(await postCount(user.id)).toBe(0);
  });

  it("refuses another user's channel and the same channel twice (targets.{i}.channelId)", async () => {
    const user = await v2User();
    const other = await v2User();
    const foreign = await call(posts, "POST", { cookie: user.cookie, body: { targets: [{ channelId: other.xA, parts: [{ text: "Hi" }] }] } });
    expect(foreign.status).toBe(422);
    expect(foreign.body!.error).toMatchObject({ code: "validation_failed", fields: { "targets.0.channelId": "Not one of your connected accounts" } });
    const twice = await call(posts, "POST", {
      cookie: user.cookie,
      body: {
        targets: [
          { channelId: user.xA, parts: [{ text: "One" }] },
          { channelId: user.xA, parts: [{ text: "Two" }] },
        ],
      },
    });
    expect(twice.status).toBe(422);
    expect(twice.body!.error.fields).toEqual({ "targets.1.channelId": "Already chosen" });
    expect(await postCount(user.id)).toBe(0);
  });

  it("refuses a body with both targets and version 1 fields, naming the version 1 ones", async () => {
    const user = await v2User();
    const res = await call(posts, "POST", {
      cookie: user.cookie,
      body: { targets: [{ channelId: user.xA, parts: [{ text: "Hi" }] }], platforms: ["twitter"], twitterText: "Hi" },
    });
    expect(res.status).toBe(422);
    expect(res.body!.error.fields).toEqual({
      platforms: "Send either targets or platforms and texts, not both.",
      twitterText: "Send either targets or platforms and texts, not both.",
    });
    const draft = await create(user, { targets: [{ channelId: user.xA, parts: [{ text: "Hi" }] }] });
    const patch = await call(post, "PATCH", {
      cookie: user.cookie,
      params: { postId: draft.id },
      body: { targets: [{ channelId: user.xA, parts: [{ text: "Hi" }] }], linkedinText: "Hi" },
    });
    expect(patch.status).toBe(422);
    expect(Object.keys(patch.body!.error.fields)).toEqual(["linkedinText"]);
  });

  it("refuses images on a LinkedIn first comment when scheduling (images_not_allowed)", async () => {
    const user = await v2User();
    const draft = await create(user, { targets: [{ channelId: user.li, parts: [{ text: "Post" }, { text: "Comment" }] }] });
    const form = new FormData();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
    const uploaded = await call(images, "POST", { cookie: user.cookie, params: { postId: draft.id }, form });
    expect(uploaded.status).toBe(201);
    const imageId = uploaded.body!.data.id as string;
    const patched = await call(post, "PATCH", {
      cookie: user.cookie,
      params: { postId: draft.id },
      body: { targets: [{ channelId: user.li, parts: [{ text: "Post" }, { text: "Comment", imageIds: [imageId] }] }] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body!.data.targets[0].parts[1].images.map((i: any) => i.id)).toEqual([imageId]);
    const res = await call(schedule, "POST", { cookie: user.cookie, params: { postId: draft.id }, body: { scheduledAt: inHours(2) } });
    expect(res.status).toBe(422);
    expect(res.body!.error).toMatchObject({
      code: "images_not_allowed",
      fields: { "targets.0.parts.1.imageIds": "A first comment cannot have images" },
    });
    // An image id that is not one of the post's is refused on write.
    const unknown = await call(post, "PATCH", {
      cookie: user.cookie,
      params: { postId: draft.id },
      body: { targets: [{ channelId: user.li, parts: [{ text: "Post", imageIds: ["cl0000000000000000000000"] }] }] },
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body!.error.fields)).toEqual(["targets.0.parts.0.imageIds"]);
  });
});

describe("DELETE /api/channels/{id}", () => {
  it("answers 404 for another user's channel and an unknown id alike, and removes nothing", async () => {
    const user = await v2User();
    const other = await v2User();
    const foreign = await call(channel, "DELETE", { cookie: user.cookie, params: { channelId: other.xA } });
    const unknown = await call(channel, "DELETE", { cookie: user.cookie, params: { channelId: "cl0000000000000000000000" } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body!.error.code).toBe("not_found");
    expect(await getDb().channel.count({ where: { id: other.xA } })).toBe(1);
  });

  it("removes the channel, revokes its X tokens, keeps the posts on it, and refuses to schedule them as they are", async () => {
    const user = await v2User();
    const scheduled = await create(user, { targets: [{ channelId: user.xB, parts: thread("Orphan", 2) }], scheduledAt: inHours(2) });
    const elsewhere = await create(user, { targets: [{ channelId: user.xA, parts: thread("Kept", 2) }], scheduledAt: inHours(2) });
    const revokes = () => fakes.x.state.requests.filter((r) => r.path === "/2/oauth2/revoke").length;
    const before = revokes();
    const res = await call(channel, "DELETE", { cookie: user.cookie, params: { channelId: user.xB } });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(revokes()).toBe(before + 2);
    const listed = await call(channels, "GET", { cookie: user.cookie });
    expect(listed.body!.data.map((c: any) => c.id)).toEqual([user.xA, user.li]);

    const orphan = (await call(post, "GET", { cookie: user.cookie, params: { postId: scheduled.id } })).body!.data;
    expect(orphan).toMatchObject({ status: "scheduled", error: { code: "platform_disconnected", message: "twitter" } });
    expect(orphan.targets.map((t: any) => [t.channelId, t.channel, partsOf(t)])).toEqual([
      [
        null,
        null,
        [
          [1, "Orphan 1/2"],
          [2, "Orphan 2/2"],
        ],
      ],
    ]);
    // The other X account's post is untouched.
    const kept = (await call(post, "GET", { cookie: user.cookie, params: { postId: elsewhere.id } })).body!.data;
    expect(kept).toMatchObject({ status: "scheduled", error: null });

    const again = await call(schedule, "POST", { cookie: user.cookie, params: { postId: scheduled.id }, body: { scheduledAt: inHours(3) } });
    expect(again.status).toBe(409);
    expect(again.body!.error).toMatchObject({ code: "channel_unusable", fields: { "targets.0.channelId": expect.any(String) } });
  });

  it("leaves the version 1 disconnect working: it removes the first channel of the network", async () => {
    const user = await v2User();
    const res = await call(disconnectRoute, "POST", { cookie: user.cookie, params: { provider: "twitter" }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
    const listed = await call(channels, "GET", { cookie: user.cookie });
    expect(listed.body!.data.map((c: any) => c.id)).toEqual([user.li, user.xB]);
  });
});

describe("POST /api/posts/{id}/retry", () => {
  it("is a 409 post_not_failed for a post that did not fail, and a 404 for another user's", async () => {
    const user = await v2User();
    const draft = await create(user, { targets: [{ channelId: user.xA, parts: [{ text: "Draft" }] }] });
    const res = await call(retry, "POST", { cookie: user.cookie, params: { postId: draft.id } });
    expect(res.status).toBe(409);
    expect(res.body!.error.code).toBe("post_not_failed");
    const fr = await call(retry, "POST", { cookie: user.cookie, lang: "fr", params: { postId: draft.id } });
    expect(fr.body!.error.message).not.toBe(res.body!.error.message);
    const scheduled = await create(user, { targets: [{ channelId: user.xA, parts: [{ text: "Later" }] }], scheduledAt: inHours(1) });
    expect((await call(retry, "POST", { cookie: user.cookie, params: { postId: scheduled.id } })).body!.error.code).toBe("post_not_failed");
    const other = await v2User();
    expect((await call(retry, "POST", { cookie: other.cookie, params: { postId: draft.id } })).status).toBe(404);
  });

  it("makes a failed post's failed deliveries due now and leaves its published parts alone", async () => {
    const user = await v2User();
    const data = await create(user, {
      targets: [
        { channelId: user.xA, parts: thread("Retry", 3) },
        { channelId: user.li, parts: [{ text: "Live post" }, { text: "Live comment" }] },
      ],
      scheduledAt: inHours(1),
    });
    // As the publisher would leave it: X part 1 out, part 2 failed for good, part 3 never sent;
    // LinkedIn fully published.
    const db = getDb();
    const [xTarget, liTarget] = await db.postTarget.findMany({ where: { postId: data.id }, orderBy: { position: "asc" } });
    const publishedAt = new Date(Date.now() - 600_000);
    await db.postPart.updateMany({
      where: { targetId: xTarget!.id, position: 1 },
      data: { status: "published", externalId: "x-1", url: "https://x.com/i/status/x-1", publishedAt },
    });
    await db.postPart.updateMany({ where: { targetId: xTarget!.id, position: 2 }, data: { status: "failed", errorCode: "rejected", lastError: "Refused" } });
    await db.postPart.updateMany({ where: { targetId: liTarget!.id }, data: { status: "published", externalId: "li", publishedAt } });
    await db.delivery.update({
      where: { targetId: xTarget!.id },
      data: { status: "failed", attempts: 3, errorCode: "rejected", lastError: "Refused", nextAttemptAt: null },
    });
    await db.delivery.update({ where: { targetId: liTarget!.id }, data: { status: "published", attempts: 1, externalId: "li", publishedAt } });
    await db.post.update({ where: { id: data.id }, data: { status: "failed", errorCode: "rejected", errorMessage: "Refused" } });
    const failed = (await call(post, "GET", { cookie: user.cookie, params: { postId: data.id } })).body!.data;
    expect(failed.targets.map((t: any) => t.status)).toEqual(["partial", "published"]);

    const started = Date.now();
    const res = await call(retry, "POST", { cookie: user.cookie, params: { postId: data.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const retried = res.body!.data;
    expect(postSchema.parse(retried)).toEqual(retried);
    expect(retried).toMatchObject({ status: "scheduled", error: null });
    expect(retried.targets.map((t: any) => t.status)).toEqual(["pending", "published"]);
    expect(retried.targets[0].parts.map((p: any) => [p.status, p.externalId])).toEqual([
      ["published", "x-1"],
      ["pending", null],
      ["pending", null],
    ]);
    expect(retried.targets[0].parts[1].error).toBeNull();
    expect(retried.targets[1].parts.map((p: any) => p.status)).toEqual(["published", "published"]);

    const xDelivery = await db.delivery.findUniqueOrThrow({ where: { targetId: xTarget!.id } });
    expect(xDelivery).toMatchObject({ status: "pending", attempts: 0, errorCode: null, lastError: null });
    expect(xDelivery.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(xDelivery.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const liDelivery = await db.delivery.findUniqueOrThrow({ where: { targetId: liTarget!.id } });
    expect(liDelivery).toMatchObject({ status: "published", attempts: 1, externalId: "li" });
    const livePart = await db.postPart.findFirstOrThrow({ where: { targetId: xTarget!.id, position: 1 } });
    expect(livePart).toMatchObject({ status: "published", externalId: "x-1", publishedAt });

    // Retried once, it is no longer failed.
    expect((await call(retry, "POST", { cookie: user.cookie, params: { postId: data.id } })).body!.error.code).toBe("post_not_failed");
  });
});

describe("POST /api/posts/{id}/metrics/refresh", () => {
  it("refuses a post with nothing published yet (409 nothing_published), and 404 for another user's post", async () => {
    const user = await v2User();
    const draft = await create(user, { targets: [{ channelId: user.xA, parts: [{ text: "Counted" }] }] });
    const res = await call(metrics, "POST", { cookie: user.cookie, params: { postId: draft.id } });
    expect(res.status).toBe(409);
    expect(res.body!.error.code).toBe("nothing_published");
    const other = await v2User();
    expect((await call(metrics, "POST", { cookie: other.cookie, params: { postId: draft.id } })).status).toBe(404);
  });
});

// Mastodon as a channel end to end (docs/decisions/0057): connected by naming an instance through the
// profile's form (a POST, a redirect to the instance's consent page, the callback), on TWO fake
// instances with different limits (tests/fakes/mastodon-server.ts); Plume's app registered once per
// instance and reused; parts checked against each instance's limits; a two-part thread with an image
// sent by the real publisher and read back from each fake. Runs on SQLite and PostgreSQL.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { createSession } from "~/modules/auth/session.server";
import { unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { disconnectChannel } from "~/modules/connections/disconnect.server";
import { reconnectNeed } from "~/modules/connections/reconnect.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import * as channels from "~/routes/api.channels";
import * as posts from "~/routes/api.posts";
import * as images from "~/routes/api.posts.$postId.images";
import * as post from "~/routes/api.posts.$postId";
import * as schedule from "~/routes/api.posts.$postId.schedule";
import * as connect from "~/routes/_dashboard.profile_.connect.$network";
import * as callback from "~/routes/auth.callback.$provider";
import { followConsent, startMastodonFake, type MastodonFake } from "../fakes/mastodon-server";
import { publishAllDue, timePasses, uniqueText } from "../support/publishing";
import { uniqueEmail } from "./helpers";
import { call, type Handler } from "../support/route-call";

let small: MastodonFake; // 500 characters, uploads processed in the background (202 → poll)
let large: MastodonFake; // 1,000 characters, processed at once
const saved = process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS;

beforeAll(async () => {
  small = await startMastodonFake({ limits: { maxCharacters: 500, maxMediaAttachments: 4, imageSizeLimit: 2_000_000 }, processingPolls: 1 });
  large = await startMastodonFake({ limits: { maxCharacters: 1000, maxMediaAttachments: 2, imageSizeLimit: 1_000_000 } });
  process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = `${small.url},${large.url}`;
  resetEnvCache();
});

afterAll(async () => {
  await small?.close();
  await large?.close();
  if (saved === undefined) delete process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS;
  else process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = saved;
  resetEnvCache();
});

async function plumeUser() {
  const user = await getDb().user.create({
    data: { email: uniqueEmail("mastodon"), passwordHash: "x", subscription: { create: trialSubscriptionData() } },
  });
  return { id: user.id, cookie: (await createSession(user.id)).split(";")[0]! };
}

const startConnect = (cookie: string, instance: string, lang?: string) =>
  call(connect.action as Handler, { method: "POST", params: { network: "mastodon" }, form: { instance }, cookie, lang });

/** The whole round trip: the form, the instance's consent page (as `account`), the callback. */
async function connectOn(fake: MastodonFake, user: { cookie: string }, account = fake.createAccount()) {
  fake.signIn(account.id);
  const started = await startConnect(user.cookie, fake.url);
  expect(started.status).toBe(302);
  const authorize = started.headers.get("Location")!;
  expect(authorize.startsWith(`${fake.url}/oauth/authorize?`)).toBe(true);
  const back = await followConsent(authorize, "Allow");
  const done = await call(callback.loader as Handler, { url: back.toString(), params: { provider: "mastodon" }, cookie: user.cookie });
  return { done, account, authorize: new URL(authorize) };
}

const appRows = (fake: MastodonFake) => getDb().networkInstanceApp.findMany({ where: { network: "mastodon", instance: fake.url } });

async function publishThread(user: { cookie: string }, channelId: string, texts: [string, string], alt: string) {
  const created = await call(posts.action as Handler, {
    method: "POST",
    cookie: user.cookie,
    body: { targets: [{ channelId, parts: texts.map((text) => ({ text })) }] },
  });
  expect(created.status).toBe(201);
  const postId = created.body.data.id as string;
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 99, g: 100, b: 255 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "indigo.png");
  form.append("altText", alt);
  const uploaded = await call(images.action as Handler, { method: "POST", cookie: user.cookie, params: { postId }, form });
  expect(uploaded.status).toBe(201);
  const imageId = uploaded.body.data.id as string;
  const patched = await call(post.action as Handler, {
    method: "PATCH",
    cookie: user.cookie,
    params: { postId },
    body: { targets: [{ channelId, parts: [{ text: texts[0], imageIds: [imageId] }, { text: texts[1] }] }] },
  });
  expect(patched.status).toBe(200);
  return postId;
}

const scheduleSoon = (cookie: string, postId: string) =>
  call(schedule.action as Handler, { method: "POST", cookie, params: { postId }, body: { scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString() } });

describe("Mastodon connected by instance, then published to by the publisher", () => {
  it("shows the instance form, and refuses a bad address in the user's language with nothing stored or called", async () => {
    const user = await plumeUser();
    const page = await call(connect.loader as Handler, { params: { network: "mastodon" }, cookie: user.cookie });
    expect(page.body).toMatchObject({ method: "instance", network: "mastodon", instance: "", reconnect: false });
    const prefilled = await call(connect.loader as Handler, {
      url: "http://localhost:3000/profile/connect/mastodon?instance=mastodon.social",
      params: { network: "mastodon" },
      cookie: user.cookie,
    });
    expect(prefilled.body).toMatchObject({ instance: "mastodon.social" });

    const cases: [string, string][] = [
      ["http://mastodon.social", "profile.instance.not_https"],
      ["https://mastodon.social/about", "profile.instance.has_path"],
      ["https://127.0.0.1", "profile.instance.private_address"],
      ["not an address", "profile.instance.invalid"],
      [" ", "profile.instance.required"],
    ];
    for (const [instance, key] of cases) {
      const refused = await startConnect(user.cookie, instance);
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.body.result.error.instance).toEqual([key]);
    }
    // An instance that is not there: said in the user's language, naming it.
    const unreachable = await startConnect(user.cookie, "https://127.0.0.1:9", "fr");
    expect(unreachable.body.result.error.instance).toEqual(["profile.instance.private_address"]);
    const closed = await startMastodonFake();
    const closedUrl = closed.url;
    await closed.close();
    process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = `${small.url},${large.url},${closedUrl}`;
    resetEnvCache();
    try {
      const gone = await startConnect(user.cookie, closedUrl, "fr");
      expect(gone.status).toBe(502);
      expect(gone.body.result.error[""]).toEqual([`Plume n’a pas pu joindre ${new URL(closedUrl).host}. Vérifiez l’adresse, ou réessayez plus tard.`]);
    } finally {
      process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = `${small.url},${large.url}`;
      resetEnvCache();
    }
    expect(await getDb().channel.count({ where: { userId: user.id } })).toBe(0);
    expect(await getDb().oAuthState.count({ where: { userId: user.id } })).toBe(0);
  });

  it("connects on two instances: app registered once per instance and reused by another user, channel with instance, limits and no expiry", async () => {
    const ada = await plumeUser();
    const appsBefore = small.state.apps.size;
    const { done, account, authorize } = await connectOn(small, ada);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile#connections");
    // PKCE and the app's scopes on the instance's authorize URL.
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/auth\/callback\/mastodon$/);
    expect(small.state.apps.size).toBe(appsBefore + 1);

    const host = new URL(small.url).host;
    const row = await getDb().channel.findFirstOrThrow({ where: { userId: ada.id, network: "mastodon" } });
    expect(row).toMatchObject({
      providerUserId: `${account.id}@${host}`,
      handle: `${account.username}@${host}`,
      instance: small.url,
      status: "active",
      expiresAt: null,
      refreshTokenEnc: null,
    });
    expect(JSON.parse(row.limitsJson!)).toMatchObject({ maxCharacters: 500, maxMediaAttachments: 4 });
    expect(small.state.tokens.get(unseal(row.accessTokenEnc!))?.accountId).toBe(account.id);
    // The app's secret is sealed at rest.
    const [app] = await appRows(small);
    expect(app!.clientSecretEnc).not.toContain(small.state.apps.get(app!.clientId)!.clientSecret);
    expect(unseal(app!.clientSecretEnc)).toBe(small.state.apps.get(app!.clientId)!.clientSecret);
    // Never treated as expired: no reconnect warning.
    expect(await reconnectNeed(ada.id)).toBeNull();

    // Another Plume user on the same instance: the same app, nothing registered.
    const bob = await plumeUser();
    expect((await connectOn(small, bob)).done.status).toBe(302);
    expect(small.state.apps.size).toBe(appsBefore + 1);
    expect(await appRows(small)).toHaveLength(1);

    // Ada also on the larger instance: its own app there, its own limits.
    expect((await connectOn(large, ada)).done.status).toBe(302);
    const onLarge = await getDb().channel.findFirstOrThrow({ where: { userId: ada.id, network: "mastodon", instance: large.url } });
    expect(JSON.parse(onLarge.limitsJson!)).toMatchObject({ maxCharacters: 1000, maxMediaAttachments: 2 });
    expect(await appRows(large)).toHaveLength(1);

    // Reconnecting the same account updates its channel.
    const again = await connectOn(small, ada, account);
    expect(again.done.status).toBe(302);
    expect(await getDb().channel.count({ where: { userId: ada.id, network: "mastodon" } })).toBe(2);

    const listed = await call(channels.loader as Handler, { cookie: ada.cookie });
    expect(listed.body.data.map((c: any) => [c.instance, c.limits.maxChars])).toEqual([
      [small.url, 500],
      [large.url, 1000],
    ]);
  });

  it("registers again when the instance forgot the app (invalid_client), keeping one row", async () => {
    const user = await plumeUser();
    await connectOn(large, user);
    const [before] = await appRows(large);
    large.forgetApp(before!.clientId);
    const { done } = await connectOn(large, user);
    expect(done.status).toBe(302);
    const after = await appRows(large);
    expect(after).toHaveLength(1);
    expect(after[0]!.clientId).not.toBe(before!.clientId);
    expect(large.state.apps.has(after[0]!.clientId)).toBe(true);
  });

  it("two users naming a new instance at once: one app row", async () => {
    const third = await startMastodonFake();
    process.env.MASTODON_ALLOWED_PRIVATE_ORIGINS = `${small.url},${large.url},${third.url}`;
    resetEnvCache();
    try {
      const [one, two] = [await plumeUser(), await plumeUser()];
      const answers = await Promise.all([startConnect(one.cookie, third.url), startConnect(two.cookie, third.url)]);
      expect(answers.map((a) => a.status)).toEqual([302, 302]);
      const rows = await appRows(third);
      expect(rows).toHaveLength(1);
      // Both go to the instance with the app that was kept.
      for (const answer of answers) expect(new URL(answer.headers.get("Location")!).searchParams.get("client_id")).toBe(rows[0]!.clientId);
    } finally {
      await third.close();
    }
  });

  it("checks parts against each instance's limits, then publishes a 2-part thread with an image on both", { timeout: 60_000 }, async () => {
    const user = await plumeUser();
    await connectOn(small, user);
    await connectOn(large, user);
    const onSmall = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, instance: small.url } });
    const onLarge = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, instance: large.url } });

    // 600 characters: refused for the 500 instance (naming the target and part), taken by the 1,000 one.
    const long = "a".repeat(600);
    const tooLong = await call(posts.action as Handler, {
      method: "POST",
      cookie: user.cookie,
      body: { targets: [{ channelId: onSmall.id, parts: [{ text: long }] }] },
    });
    const draft = tooLong.status === 201 ? (tooLong.body.data.id as string) : null;
    const refused = draft ? await scheduleSoon(user.cookie, draft) : tooLong;
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("text_too_long");
    expect(refused.body.error.fields).toMatchObject({ "targets.0.parts.0.text": expect.any(String) });
    expect(refused.body.error.message).toContain("500");
    const taken = await call(posts.action as Handler, {
      method: "POST",
      cookie: user.cookie,
      body: { targets: [{ channelId: onLarge.id, parts: [{ text: long }] }] },
    });
    expect(taken.status).toBe(201);
    expect((await scheduleSoon(user.cookie, taken.body.data.id as string)).status).toBe(200);

    for (const [fake, channel] of [
      [small, onSmall],
      [large, onLarge],
    ] as const) {
      const texts: [string, string] = [`${uniqueText("Premier")} https://example.com/${"x".repeat(60)}`, uniqueText("Et la suite")];
      const postId = await publishThread(user, channel.id, texts, "Un rectangle indigo");
      expect((await scheduleSoon(user.cookie, postId)).status).toBe(200);
      await timePasses(postId);
      await publishAllDue();
      const stored = await getDb().post.findUniqueOrThrow({
        where: { id: postId },
        include: { targets: { include: { parts: { orderBy: { position: "asc" } } } } },
      });
      expect(stored.status).toBe("published");
      const parts = stored.targets[0]!.parts;
      // Read back from the instance: the chain, the key of each part, the image's description.
      const statuses = parts.map((part) => fake.state.statuses.find((s) => s.id === part.externalId)!);
      expect(statuses.map((s) => s.text)).toEqual(texts);
      expect(statuses.map((s) => s.inReplyToId)).toEqual([null, statuses[0]!.id]);
      expect(statuses.map((s) => s.idempotencyKey)).toEqual(parts.map((part) => part.sendKey));
      expect(new Set(statuses.map((s) => s.idempotencyKey)).size).toBe(2);
      expect(statuses[0]!.mediaIds.map((id) => fake.state.media.get(id)!.description)).toEqual(["Un rectangle indigo"]);
      expect(statuses[1]!.mediaIds).toEqual([]);
      expect(parts[0]!.url).toBe(`${fake.url}/@${channel.handle!.split("@")[0]}/${statuses[0]!.id}`);
    }
  });

  it("disconnecting revokes the token at its instance, through Plume's app there", async () => {
    const user = await plumeUser();
    await connectOn(small, user);
    const channel = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, instance: small.url } });
    const token = unseal(channel.accessTokenEnc!);
    expect(small.state.tokens.get(token)?.revoked).toBe(false);
    await disconnectChannel(user.id, channel.id);
    expect(small.state.tokens.get(token)?.revoked).toBe(true);
    expect(await getDb().channel.count({ where: { id: channel.id } })).toBe(0);
  });

  it("a revoked token: the channel needs reconnecting, nothing is sent, the reconnect goes to the instance form", { timeout: 30_000 }, async () => {
    const user = await plumeUser();
    await connectOn(large, user);
    const channel = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, instance: large.url } });
    large.revokeToken(unseal(channel.accessTokenEnc!));
    const before = large.statusesOf().length;
    const created = await call(posts.action as Handler, {
      method: "POST",
      cookie: user.cookie,
      body: { targets: [{ channelId: channel.id, parts: [{ text: uniqueText("Après révocation") }] }] },
    });
    const postId = created.body.data.id as string;
    expect((await scheduleSoon(user.cookie, postId)).status).toBe(200);
    await timePasses(postId);
    await publishAllDue();
    expect(large.statusesOf().length).toBe(before);
    expect((await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } })).status).toBe("needs_reconnect");
    expect((await getDb().post.findUniqueOrThrow({ where: { id: postId } })).status).not.toBe("published");
    expect(await reconnectNeed(user.id)).toMatchObject({ provider: "mastodon", method: "instance", reason: "expired", channel: { instance: large.url } });
  });
});

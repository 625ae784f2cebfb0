// Bluesky as a channel end to end (docs/decisions/0056): connected with an app password through the
// profile's form (no JavaScript: a POST and a redirect), listed by the version 2 API, and a thread
// with an image made through the version 2 API, scheduled and sent by the real publisher to a REAL
// PDS (tests/support/bluesky-pds.ts), whose records are read back. Runs on SQLite and PostgreSQL.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { createSession } from "~/modules/auth/session.server";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { chooseChannels, saveWrittenText } from "~/modules/posts/compose.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import * as channels from "~/routes/api.channels";
import * as posts from "~/routes/api.posts";
import * as images from "~/routes/api.posts.$postId.images";
import * as post from "~/routes/api.posts.$postId";
import * as schedule from "~/routes/api.posts.$postId.schedule";
import * as connect from "~/routes/_dashboard.profile_.connect.$network";
import { startBlueskyPds, type BlueskyPds, type BlueskyTestAccount } from "../support/bluesky-pds";
import { publishAllDue, timePasses, uniqueText } from "../support/publishing";
import { uniqueEmail } from "./helpers";
import { call, type Handler } from "../support/route-call";

let pds: BlueskyPds;
let carol: BlueskyTestAccount;
const saved = { service: process.env.BLUESKY_SERVICE_URL, plc: process.env.BLUESKY_PLC_URL };

beforeAll(async () => {
  pds = await startBlueskyPds();
  process.env.BLUESKY_SERVICE_URL = pds.pdsUrl;
  process.env.BLUESKY_PLC_URL = pds.plcUrl;
  resetEnvCache();
  carol = await pds.createAccount(`carol${Date.now().toString(36)}`);
}, 90_000);

afterAll(async () => {
  await pds?.stop();
  for (const [key, value] of [
    ["BLUESKY_SERVICE_URL", saved.service],
    ["BLUESKY_PLC_URL", saved.plc],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

async function plumeUser() {
  const user = await getDb().user.create({
    data: { email: uniqueEmail("bluesky"), passwordHash: "x", subscription: { create: trialSubscriptionData() } },
  });
  return { id: user.id, cookie: (await createSession(user.id)).split(";")[0]! };
}

const connectAs = (cookie: string, form: Record<string, string>, lang?: string) =>
  call(connect.action as Handler, { method: "POST", params: { network: "bluesky" }, form, cookie, lang });

async function getRecord(uri: string) {
  const [, , repo, collection, rkey] = uri.split("/");
  const answer = await pds.xrpc("com.atproto.repo.getRecord", { query: { repo: repo!, collection: collection!, rkey: rkey! } });
  expect(answer.status).toBe(200);
  return answer.body as { uri: string; cid: string; value: Record<string, any> };
}

describe("Bluesky connected with an app password, then published to by the publisher", () => {
  it("shows the form with where to create an app password, and refuses a wrong one in the user's language, storing nothing", async () => {
    const user = await plumeUser();
    const page = await call(connect.loader as Handler, { params: { network: "bluesky" }, cookie: user.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ network: "bluesky", helpUrl: "https://bsky.app/settings/app-passwords", reconnect: false });
    // A network that connects through OAuth has no such page.
    expect((await call(connect.loader as Handler, { params: { network: "twitter" }, cookie: user.cookie })).status).toBe(404);

    const wrong = await connectAs(user.cookie, { identifier: carol.handle, appPassword: "aaaa-bbbb-cccc-dddd" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.result.error[""]).toEqual(["Bluesky refused this handle or app password. Check both, or create a new app password."]);
    // The password typed is never sent back in the form's reply.
    expect(JSON.stringify(wrong.body)).not.toContain("aaaa-bbbb-cccc-dddd");
    const fr = await connectAs(user.cookie, { identifier: carol.handle, appPassword: "aaaa-bbbb-cccc-dddd" }, "fr");
    expect(fr.body.result.error[""]).toEqual([
      "Bluesky a refusé cet identifiant ou ce mot de passe d'application. Vérifiez-les, ou créez un nouveau mot de passe d'application.",
    ]);
    // Empty fields: the form's own messages, nothing sent to the PDS.
    const empty = await connectAs(user.cookie, { identifier: " ", appPassword: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.result.error).toMatchObject({
      identifier: ["profile.appPassword.identifierRequired"],
      appPassword: ["profile.appPassword.passwordRequired"],
    });
    expect(await getDb().channel.count({ where: { userId: user.id } })).toBe(0);
  });

  it("never calls a server on a private network, named by the user or by an account's DID document", async () => {
    const user = await plumeUser();
    for (const service of ["http://127.0.0.1:5432", "https://localhost", "https://169.254.169.254", "https://10.0.0.1", "https://[::1]"]) {
      const refused = await connectAs(user.cookie, { identifier: carol.handle, appPassword: carol.appPassword, service });
      expect(refused.body.result.error[""]).toEqual(["Plume does not call this server: it must be an https address on the internet, not a private network."]);
      expect(JSON.stringify(refused.body)).not.toContain(carol.appPassword);
    }
    const fr = await connectAs(user.cookie, { identifier: carol.handle, appPassword: carol.appPassword, service: "https://192.168.1.1" }, "fr");
    expect(fr.body.result.error[""]).toEqual(["Plume n’appelle pas ce serveur : il doit avoir une adresse https sur Internet, pas sur un réseau privé."]);
    expect(await getDb().channel.count({ where: { userId: user.id } })).toBe(0);
  });

  it("connects, lists the channel in GET /api/channels, and publishes a 2-part thread with an image to the real PDS", { timeout: 60_000 }, async () => {
    const user = await plumeUser();
    const connected = await connectAs(user.cookie, { identifier: carol.handle, appPassword: carol.appPassword });
    expect(connected.status).toBe(302);
    expect(connected.headers.get("Location")).toBe("/profile#connections");

    const row = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "bluesky" } });
    expect(row).toMatchObject({ providerUserId: carol.did, handle: carol.handle, kind: "account", status: "active" });
    // The session's tokens are sealed; the app password is stored nowhere.
    expect(JSON.stringify(row)).not.toContain(carol.appPassword);
    const accessToken = unseal(row.accessTokenEnc!);
    expect(row.accessTokenEnc).not.toContain(accessToken);
    expect(JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString("utf8"))).toMatchObject({ sub: carol.did });
    expect(unseal(row.refreshTokenEnc!)).not.toBe(accessToken);

    // The same account again updates its channel rather than adding one.
    expect((await connectAs(user.cookie, { identifier: carol.handle, appPassword: carol.appPassword })).status).toBe(302);
    expect(await getDb().channel.count({ where: { userId: user.id, network: "bluesky" } })).toBe(1);

    const listed = await call(channels.loader as Handler, { cookie: user.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: row.id,
        network: "bluesky",
        handle: carol.handle,
        limits: expect.objectContaining({ maxChars: 300, counting: "graphemes" }),
      }),
    ]);

    // A post through API v2: two parts on the Bluesky channel, an image with alt text on part 1.
    const first = `${uniqueText("First on Bluesky")} #plume https://example.com/read`;
    const second = uniqueText("And the reply");
    const created = await call(posts.action as Handler, {
      method: "POST",
      cookie: user.cookie,
      body: { targets: [{ channelId: row.id, parts: [{ text: first }, { text: second }] }] },
    });
    expect(created.status).toBe(201);
    const postId = created.body.data.id as string;
    // Version 1 fields say nothing of Bluesky: only its own pair is in `platforms`.
    expect(created.body.data).toMatchObject({ platforms: [], linkedinText: "", twitterText: "" });
    expect(created.body.data.targets).toEqual([expect.objectContaining({ network: "bluesky", channelId: row.id })]);

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 250 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "sky.png");
    form.append("altText", "A blue sky");
    const uploaded = await call(images.action as Handler, { method: "POST", cookie: user.cookie, params: { postId }, form });
    expect(uploaded.status).toBe(201);
    const imageId = uploaded.body.data.id as string;
    const patched = await call(post.action as Handler, {
      method: "PATCH",
      cookie: user.cookie,
      params: { postId },
      body: { targets: [{ channelId: row.id, parts: [{ text: first, imageIds: [imageId] }, { text: second }] }] },
    });
    expect(patched.status).toBe(200);
    const scheduled = await call(schedule.action as Handler, {
      method: "POST",
      cookie: user.cookie,
      params: { postId },
      body: { scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString() },
    });
    expect(scheduled.status).toBe(200);

    await timePasses(postId);
    await publishAllDue();

    const stored = await getDb().post.findUniqueOrThrow({
      where: { id: postId },
      include: { targets: { include: { parts: { orderBy: { position: "asc" } } } } },
    });
    expect(stored.status).toBe("published");
    const parts = stored.targets[0]!.parts;
    expect(parts.map((part) => part.status)).toEqual(["published", "published"]);

    // Read back from the PDS: part 1 with its image and alt text, part 2 replying to it.
    const one = await getRecord(parts[0]!.externalId!);
    const two = await getRecord(parts[1]!.externalId!);
    expect(one.uri.startsWith(`at://${carol.did}/app.bsky.feed.post/`)).toBe(true);
    expect(one.value.text).toBe(first);
    expect(one.value.embed.images).toEqual([expect.objectContaining({ alt: "A blue sky", aspectRatio: { width: 300, height: 200 } })]);
    expect(one.value.facets.map((facet: any) => facet.features[0].$type).sort()).toEqual(["app.bsky.richtext.facet#link", "app.bsky.richtext.facet#tag"]);
    expect(two.value.text).toBe(second);
    expect(two.value.reply).toEqual({ root: { uri: one.uri, cid: one.cid }, parent: { uri: one.uri, cid: one.cid } });
    expect(parts[0]!.url).toMatch(new RegExp(`/profile/${carol.handle.replace(".", "\\.")}/post/`));
    // Each record under the key stored before it was sent.
    expect(parts.map((part) => part.externalId!.split("/").at(-1))).toEqual(parts.map((part) => part.sendKey));
  });

  it(
    "refreshes a token the PDS calls expired before its stored expiry, and asks to reconnect once the app password is revoked",
    { timeout: 60_000 },
    async () => {
      const dave = await pds.createAccount(`dave${Date.now().toString(36)}`);
      const user = await plumeUser();
      expect((await connectAs(user.cookie, { identifier: dave.handle, appPassword: dave.appPassword })).status).toBe(302);
      const channel = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "bluesky" } });
      /** The stored token made one the PDS answers 400 ExpiredToken to, while Plume still holds it valid for an hour. */
      const expireStoredToken = async () => {
        const row = await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } });
        const expired = pds.expired(unseal(row.accessTokenEnc!));
        await getDb().channel.update({ where: { id: channel.id }, data: { accessTokenEnc: seal(expired), expiresAt: new Date(Date.now() + 3_600_000) } });
        return expired;
      };
      const publishOne = async (text: string) => {
        const created = await call(posts.action as Handler, {
          method: "POST",
          cookie: user.cookie,
          body: { targets: [{ channelId: channel.id, parts: [{ text }] }] },
        });
        const postId = created.body.data.id as string;
        const at = new Date(Date.now() + 2 * 3_600_000).toISOString();
        expect((await call(schedule.action as Handler, { method: "POST", cookie: user.cookie, params: { postId }, body: { scheduledAt: at } })).status).toBe(
          200,
        );
        await timePasses(postId);
        await publishAllDue();
        return getDb().post.findUniqueOrThrow({ where: { id: postId }, include: { targets: { include: { parts: true } } } });
      };
      const records = async () =>
        ((await pds.xrpc("com.atproto.repo.listRecords", { query: { repo: dave.did, collection: "app.bsky.feed.post" } })).body.records as unknown[]).length;

      const expired = await expireStoredToken();
      const sent = await publishOne(uniqueText("After a refresh"));
      expect(sent.status).toBe("published");
      expect(await getRecord(sent.targets[0]!.parts[0]!.externalId!)).toBeTruthy();
      const refreshed = await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } });
      expect(unseal(refreshed.accessTokenEnc!)).not.toBe(expired);
      expect(refreshed.status).toBe("active");

      // The user revokes Plume's app password on Bluesky: the refresh is refused, the channel needs reconnecting.
      expect((await pds.xrpc("com.atproto.server.revokeAppPassword", { bearer: dave.accessJwt, body: { name: "Plume" } })).status).toBe(200);
      await expireStoredToken();
      const before = await records();
      const refused = await publishOne(uniqueText("After the revocation"));
      expect(refused.status).not.toBe("published");
      expect(await records()).toBe(before);
      expect((await getDb().channel.findUniqueOrThrow({ where: { id: channel.id } })).status).toBe("needs_reconnect");
      // Reconnecting goes through the same form, to the same channel.
      const page = await call(connect.loader as Handler, { params: { network: "bluesky" }, cookie: user.cookie });
      expect(page.body).toMatchObject({ reconnect: true });
    },
  );

  it("the wizard writes its one text into a Bluesky target (it has no v1 field), beside a LinkedIn one", async () => {
    const user = await plumeUser();
    const bluesky = await getDb().channel.create({
      data: {
        userId: user.id,
        workspaceId: user.id,
        network: "bluesky",
        kind: "account",
        providerUserId: "did:plc:wizard",
        displayName: "W",
        handle: "w.test",
        accessTokenEnc: seal("t"),
        createdAt: new Date(Date.now() - 2000),
      },
    });
    const linkedin = await getDb().channel.create({
      data: {
        userId: user.id,
        workspaceId: user.id,
        network: "linkedin",
        kind: "member",
        providerUserId: "li-wizard",
        displayName: "L",
        accessTokenEnc: seal("t"),
        createdAt: new Date(Date.now() - 1000),
      },
    });
    const created = await call(posts.action as Handler, {
      method: "POST",
      cookie: user.cookie,
      body: { targets: [{ channelId: linkedin.id, parts: [{ text: "" }] }] },
    });
    const postId = created.body.data.id as string;
    await chooseChannels(user.id, postId, [linkedin.id, bluesky.id]);
    await saveWrittenText(user.id, postId, "Written once");
    const targets = await getDb().postTarget.findMany({ where: { postId }, include: { parts: true }, orderBy: { position: "asc" } });
    // Targets follow the channels' order (oldest first): Bluesky's was connected first here.
    expect(targets.map((target) => [target.network, target.parts.map((part) => part.text)])).toEqual([
      ["bluesky", ["Written once"]],
      ["linkedin", ["Written once"]],
    ]);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: postId } })).toMatchObject({
      platforms: "linkedin,bluesky",
      linkedinText: "Written once",
      twitterText: "",
    });
  });
});

// Issue "Bluesky, Mastodon and LinkedIn pages", done when: ONE user connects Bluesky (an app password,
// on a REAL PDS), two Mastodon instances (by address, each its own fake with its own limits) and a
// LinkedIn company page (the organization scopes, on the LinkedIn fake), all through the real routes;
// then ONE post goes out, sent by the real publisher, as a Bluesky thread with an image, a Mastodon
// thread on each instance and a page post with its first comment. Each is read back where it was
// published: the PDS's records (reply chain, facets' UTF-8 byte offsets, alt text), each instance's
// statuses (in_reply_to_id, image description, one Idempotency-Key per part) and LinkedIn's post and
// comment, authored by the organization. Runs on SQLite and PostgreSQL.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { getDb } from "~/modules/db/db.server";
import * as channelsApi from "~/routes/api.channels";
import * as posts from "~/routes/api.posts";
import * as images from "~/routes/api.posts.$postId.images";
import * as post from "~/routes/api.posts.$postId";
import * as schedule from "~/routes/api.posts.$postId.schedule";
import * as pagesRoute from "~/routes/_dashboard.profile_.channels.$channelId.pages";
import * as connectForm from "~/routes/_dashboard.profile_.connect.$network";
import * as oauthStart from "~/routes/auth.connect.$provider";
import * as callback from "~/routes/auth.callback.$provider";
import { followConsent } from "../fakes/fake-kit";
import { startMastodonFake, type MastodonFake } from "../fakes/mastodon-server";
import { startBlueskyPds, type BlueskyPds } from "../support/bluesky-pds";
import { publishAllDue, startFakes, timePasses, uniqueText, type Fakes } from "../support/publishing";
import { call, type Handler } from "../support/route-call";
import { signedInUser } from "./helpers";

let pds: BlueskyPds;
let fakes: Fakes;
let small: MastodonFake; // 500 characters
let large: MastodonFake; // 1,000 characters
const saved = Object.fromEntries(
  ["BLUESKY_SERVICE_URL", "BLUESKY_PLC_URL", "MASTODON_ALLOWED_PRIVATE_ORIGINS", "LINKEDIN_ORGANIZATION_SCOPES"].map((key) => [key, process.env[key]]),
);

beforeAll(async () => {
  [pds, fakes, small, large] = await Promise.all([
    startBlueskyPds(),
    startFakes(),
    startMastodonFake({ limits: { maxCharacters: 500 }, processingPolls: 1 }),
    startMastodonFake({ limits: { maxCharacters: 1000 } }),
  ]);
  Object.assign(process.env, {
    BLUESKY_SERVICE_URL: pds.pdsUrl,
    BLUESKY_PLC_URL: pds.plcUrl,
    MASTODON_ALLOWED_PRIVATE_ORIGINS: `${small.url},${large.url}`,
    LINKEDIN_ORGANIZATION_SCOPES: "true",
  });
  fakes.linkedin.state.communityManagement = true;
  resetEnvCache();
}, 90_000);

afterAll(async () => {
  await Promise.all([pds?.stop(), fakes?.close(), small?.close(), large?.close()]);
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
});

async function connectMastodon(cookie: string, fake: MastodonFake) {
  const account = fake.createAccount();
  fake.signIn(account.id);
  const started = await call(connectForm.action as Handler, { method: "POST", params: { network: "mastodon" }, form: { instance: fake.url }, cookie });
  expect(started.status).toBe(302);
  const back = await followConsent(started.headers.get("Location")!, "Allow");
  const done = await call(callback.loader as Handler, { url: back.toString(), params: { provider: "mastodon" }, cookie });
  expect(done.status).toBe(302);
  return account;
}

async function connectLinkedInPage(cookie: string) {
  const member = fakes.linkedin.createUser({ givenName: "Pat", familyName: "Admin" });
  const org = fakes.linkedin.createOrganization({ localizedName: "Acme Widgets", vanityName: "acme-widgets" });
  fakes.linkedin.grantRole(member.sub, org.urn);
  fakes.linkedin.signIn(member.sub);
  const started = await call(oauthStart.action as Handler, { method: "POST", params: { provider: "linkedin" }, form: { returnTo: "/profile" }, cookie });
  expect(started.status).toBe(302);
  const back = await followConsent(started.headers.get("Location")!, "Allow");
  const done = await call(callback.loader as Handler, {
    url: `http://localhost:3000/auth/callback/linkedin${back.search}`,
    params: { provider: "linkedin" },
    cookie,
  });
  expect(done.status).toBe(302);
  // Straight to the pages the member administers; the page is added as its own channel.
  const pagesPath = done.headers.get("Location")!;
  const memberId = /\/profile\/channels\/([^/]+)\/pages/.exec(pagesPath)![1]!;
  const form = new URLSearchParams([
    ["pages", org.urn],
    ["returnTo", "/profile"],
  ]);
  expect((await call(pagesRoute.action as Handler, { method: "POST", params: { channelId: memberId }, form, cookie })).status).toBe(302);
  return org;
}

const utf8Slice = (text: string, start: number, end: number) => Buffer.from(text, "utf8").subarray(start, end).toString("utf8");

describe("one user, every new network, one post", () => {
  it("connects Bluesky, two Mastodon instances and a LinkedIn page; one post goes out on all four, read back from each", { timeout: 120_000 }, async () => {
    const { cookie } = await signedInUser("together", { trial: true });

    // Connecting, each network its own way.
    const carol = await pds.createAccount(`together${Date.now().toString(36)}`);
    const bluesky = await call(connectForm.action as Handler, {
      method: "POST",
      params: { network: "bluesky" },
      form: { identifier: carol.handle, appPassword: carol.appPassword },
      cookie,
    });
    expect(bluesky.status).toBe(302);
    const [onSmall, onLarge] = [await connectMastodon(cookie, small), await connectMastodon(cookie, large)];
    const org = await connectLinkedInPage(cookie);

    const listed = await call(channelsApi.loader as Handler, { cookie });
    const channels = listed.body.data as { id: string; network: string; kind: string; limits: { maxChars: number } }[];
    const channel = (network: string, pick: (c: (typeof channels)[number]) => boolean = () => true) => channels.find((c) => c.network === network && pick(c))!;
    const blueskyChannel = channel("bluesky");
    const smallChannel = channel("mastodon", (c) => c.limits.maxChars === 500);
    const largeChannel = channel("mastodon", (c) => c.limits.maxChars === 1000);
    const pageChannel = channel("linkedin", (c) => c.kind === "organization");
    expect([blueskyChannel, smallChannel, largeChannel, pageChannel].every(Boolean)).toBe(true);

    // One post: a thread on Bluesky and on each instance, a page post and its first comment.
    const first = `${uniqueText("Café ☕ launch")} https://example.com/read #plume`;
    const second = uniqueText("Second part, for the threads");
    const comment = uniqueText("First comment: the link is https://example.com/read");
    const targets = (imageIds: string[]) => [
      { channelId: blueskyChannel.id, parts: [{ text: first, imageIds }, { text: second }] },
      { channelId: smallChannel.id, parts: [{ text: first, imageIds }, { text: second }] },
      { channelId: largeChannel.id, parts: [{ text: first, imageIds }, { text: second }] },
      { channelId: pageChannel.id, parts: [{ text: first, imageIds }, { text: comment }] },
    ];
    const created = await call(posts.action as Handler, { method: "POST", cookie, body: { targets: targets([]) } });
    expect(created.status).toBe(201);
    const postId = created.body.data.id as string;
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "launch.png");
    form.append("altText", "The launch, in green");
    const uploaded = await call(images.action as Handler, { method: "POST", cookie, params: { postId }, form });
    expect(uploaded.status).toBe(201);
    expect(
      (await call(post.action as Handler, { method: "PATCH", cookie, params: { postId }, body: { targets: targets([uploaded.body.data.id]) } })).status,
    ).toBe(200);
    const scheduled = await call(schedule.action as Handler, {
      method: "POST",
      cookie,
      params: { postId },
      body: { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(scheduled.status).toBe(200);
    await timePasses(postId);
    await publishAllDue();

    const stored = await getDb().post.findUniqueOrThrow({
      where: { id: postId },
      include: { targets: { include: { parts: { orderBy: { position: "asc" } } }, orderBy: { position: "asc" } } },
    });
    expect(stored.status).toBe("published");
    const partsOn = (channelId: string) => stored.targets.find((t) => t.channelId === channelId)!.parts;
    for (const target of stored.targets) expect(target.parts.map((p) => p.status)).toEqual(["published", "published"]);

    // Bluesky: the records on the PDS, part 2 replying to part 1, facets on UTF-8 bytes, the alt text.
    const [bsky1, bsky2] = partsOn(blueskyChannel.id);
    const record = async (uri: string) => {
      const [, , repo, collection, rkey] = uri.split("/");
      const answer = await pds.xrpc("com.atproto.repo.getRecord", { query: { repo: repo!, collection: collection!, rkey: rkey! } });
      expect(answer.status).toBe(200);
      return answer.body.value;
    };
    const one = await record(bsky1!.externalId!);
    const two = await record(bsky2!.externalId!);
    expect(one.text).toBe(first);
    expect(one.embed.images.map((i: { alt: string }) => i.alt)).toEqual(["The launch, in green"]);
    const facets = Object.fromEntries(one.facets.map((f: any) => [f.features[0].$type, utf8Slice(first, f.index.byteStart, f.index.byteEnd)]));
    expect(facets).toEqual({ "app.bsky.richtext.facet#link": "https://example.com/read", "app.bsky.richtext.facet#tag": "#plume" });
    expect(two.reply).toMatchObject({ root: { uri: bsky1!.externalId }, parent: { uri: bsky1!.externalId } });

    // Mastodon: a thread on each instance, under the account connected there, each part with its own key.
    for (const [fake, account, channelId] of [
      [small, onSmall, smallChannel.id],
      [large, onLarge, largeChannel.id],
    ] as const) {
      const [m1, m2] = partsOn(channelId);
      const statuses = [m1!, m2!].map((part) => fake.state.statuses.filter((s) => s.text === part.text));
      expect(statuses.map((s) => s.length)).toEqual([1, 1]);
      const [s1, s2] = [statuses[0]![0]!, statuses[1]![0]!];
      expect([s1.accountId, s2.accountId]).toEqual([account.id, account.id]);
      expect([s1.id, s2.id]).toEqual([m1!.externalId, m2!.externalId]);
      expect(s2.inReplyToId).toBe(s1.id);
      expect(s1.mediaIds.map((id) => fake.state.media.get(id)!.description)).toEqual(["The launch, in green"]);
      expect([s1.idempotencyKey, s2.idempotencyKey]).toEqual([m1!.sendKey, m2!.sendKey]);
      expect(s1.idempotencyKey).not.toBe(s2.idempotencyKey);
    }

    // LinkedIn: the post and its first comment, both by the organization.
    const [page1, page2] = partsOn(pageChannel.id);
    const linkedinPost = fakes.linkedin.state.posts.find((p) => p.urn === page1!.externalId)!;
    expect(linkedinPost).toMatchObject({ author: org.urn, text: first });
    expect(linkedinPost.imageUrns).toHaveLength(1);
    const linkedinComment = fakes.linkedin.state.comments.filter((c) => c.text === comment);
    expect(linkedinComment).toHaveLength(1);
    expect(linkedinComment[0]).toMatchObject({ actor: org.urn, urn: page2!.externalId });
  });
});

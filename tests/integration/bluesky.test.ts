import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { blueskyNetwork } from "~/integrations/networks/bluesky/network.server";
import { isTid } from "~/integrations/networks/bluesky/tid";
import type { PartImage, PartToSend, PublishContext } from "~/integrations/networks/types";
import { ProviderError } from "~/integrations/provider-error";
import { fitImageBytes } from "~/modules/publishing/images.server";
import { startBlueskyPds, type BlueskyPds, type BlueskyTestAccount } from "../support/bluesky-pds";

// The Bluesky module against a real PDS (docs/decisions/0054-bluesky.md): what it publishes is read
// back from the PDS with getRecord. It needs no database: it runs in the SQLite project only.

let pds: BlueskyPds;
let alice: BlueskyTestAccount;
let bob: BlueskyTestAccount;
const saved = { service: process.env.BLUESKY_SERVICE_URL, plc: process.env.BLUESKY_PLC_URL };

/** Alice as Plume holds her: a session of her app password (never her main password). */
async function aliceContext(): Promise<PublishContext & { refreshToken: string }> {
  const session = await blueskyNetwork.appPassword!.createSession({ identifier: alice.handle, appPassword: alice.appPassword });
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken!,
    providerUserId: session.account.providerUserId,
    handle: session.account.handle,
  };
}

async function getRecord(uri: string) {
  const [, , repo, collection, rkey] = uri.split("/");
  const answer = await pds.xrpc("com.atproto.repo.getRecord", { query: { repo: repo!, collection: collection!, rkey: rkey! } });
  expect(answer.status).toBe(200);
  return answer.body as { uri: string; cid: string; value: Record<string, any> };
}

async function postCount(did: string): Promise<number> {
  const answer = await pds.xrpc("com.atproto.repo.listRecords", { query: { repo: did, collection: "app.bsky.feed.post", limit: "100" } });
  return (answer.body.records as unknown[]).length;
}

const part = (text: string, position: number, parent: string | null, extra: Partial<PartToSend> = {}): PartToSend => ({
  text,
  images: [],
  position,
  parent,
  ...extra,
});

/** A photo-like JPEG of several megabytes (noise does not compress). */
async function bigPhoto(): Promise<{ bytes: Buffer; width: number; height: number }> {
  const width = 2400;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i * 7919 + ((i / 3) | 0) * 104729) % 251) ^ (Math.random() * 64);
  const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 98 })
    .toBuffer();
  return { bytes, width, height };
}

const bytesOf = (text: string, { byteStart, byteEnd }: { byteStart: number; byteEnd: number }) =>
  Buffer.from(text, "utf8").subarray(byteStart, byteEnd).toString("utf8");

describe.skipIf(process.env.TEST_DATABASE === "postgres")("Bluesky against a real PDS", () => {
  beforeAll(async () => {
    pds = await startBlueskyPds();
    process.env.BLUESKY_SERVICE_URL = pds.pdsUrl;
    process.env.BLUESKY_PLC_URL = pds.plcUrl;
    resetEnvCache();
    alice = await pds.createAccount("alice");
    bob = await pds.createAccount("bob");
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

  it("connects with a handle and an app password, finding the account's PDS from its handle", async () => {
    const session = await blueskyNetwork.appPassword!.createSession({ identifier: `@${alice.handle}`, appPassword: alice.appPassword });
    expect(session.account).toEqual({ providerUserId: alice.did, displayName: alice.handle, handle: alice.handle, avatarUrl: null, kind: "account" });
    // The PDS's access tokens last 2 hours; ours are taken as expired a minute early.
    expect(session.expiresIn).toBeGreaterThan(7000);
    expect(session.expiresIn).toBeLessThanOrEqual(7200);
    expect(await blueskyNetwork.appPassword!.whoami(session.accessToken)).toMatchObject({ providerUserId: alice.did, handle: alice.handle });
  });

  it("publishes a 3-part thread with an image, alt text, link, mention and hashtag, as the PDS then holds it", async () => {
    const ctx = await aliceContext();
    const photo = await bigPhoto();
    expect(photo.bytes.length).toBeGreaterThan(2_000_000);
    const fitted = await fitImageBytes({ ...photo, mimeType: "image/jpeg" }, blueskyNetwork.limits.maxImageBytes);
    expect(fitted.bytes.length).toBeLessThanOrEqual(1_000_000);
    expect(fitted.width / fitted.height).toBeCloseTo(photo.width / photo.height, 2);
    const image: PartImage = {
      bytes: fitted.bytes,
      mimeType: fitted.mimeType,
      width: fitted.width,
      height: fitted.height,
      altText: "Un champ de bruit, vu de près",
    };

    const text1 = `Déjà lu ? 👍🏽 Le guide est sur https://plume.example/guide, merci @${bob.handle} ! #Écriture`;
    const keys = [blueskyNetwork.newSendKey!(), blueskyNetwork.newSendKey!(), blueskyNetwork.newSendKey!()];
    const first = await blueskyNetwork.publishPart(ctx, part(text1, 1, null, { images: [image], sendKey: keys[0] }));
    const second = await blueskyNetwork.publishPart(ctx, part("Deuxième partie, sans image.", 2, first.externalId, { sendKey: keys[1] }));
    const third = await blueskyNetwork.publishPart(ctx, part("Troisième et dernière.", 3, second.externalId, { sendKey: keys[2] }));

    // Each part under the record key chosen before sending; its URL on bsky.app.
    expect(first.externalId).toBe(`at://${alice.did}/app.bsky.feed.post/${keys[0]}`);
    expect(third.url).toBe(`https://bsky.app/profile/${alice.handle}/post/${keys[2]}`);

    const [r1, r2, r3] = [await getRecord(first.externalId), await getRecord(second.externalId), await getRecord(third.externalId)];
    // The reply chain: part 1 is every part's root, the part before is its parent (uri and cid).
    expect(r1.value.reply).toBeUndefined();
    expect(r2.value.reply).toEqual({ root: { uri: r1.uri, cid: r1.cid }, parent: { uri: r1.uri, cid: r1.cid } });
    expect(r3.value.reply).toEqual({ root: { uri: r1.uri, cid: r1.cid }, parent: { uri: r2.uri, cid: r2.cid } });

    // Facets at UTF-8 byte offsets of a non-ASCII text.
    const facets = r1.value.facets as { index: { byteStart: number; byteEnd: number }; features: Record<string, string>[] }[];
    expect(facets.map((f) => [bytesOf(r1.value.text, f.index), f.features[0]])).toEqual([
      ["https://plume.example/guide", { $type: "app.bsky.richtext.facet#link", uri: "https://plume.example/guide" }],
      [`@${bob.handle}`, { $type: "app.bsky.richtext.facet#mention", did: bob.did }],
      ["#Écriture", { $type: "app.bsky.richtext.facet#tag", tag: "Écriture" }],
    ]);
    expect(facets[0]!.index.byteStart).toBeGreaterThan(text1.indexOf("https")); // bytes, not UTF-16 units

    // The image: alt text, aspect ratio, and a blob of at most 1,000,000 bytes.
    const embed = r1.value.embed as {
      $type: string;
      images: { alt: string; aspectRatio: { width: number; height: number }; image: { size: number; mimeType: string } }[];
    };
    expect(embed.$type).toBe("app.bsky.embed.images");
    expect(embed.images).toHaveLength(1);
    expect(embed.images[0]).toMatchObject({ alt: "Un champ de bruit, vu de près", aspectRatio: { width: fitted.width, height: fitted.height } });
    expect(embed.images[0]!.image.size).toBe(fitted.bytes.length);
    expect(embed.images[0]!.image.size).toBeLessThanOrEqual(1_000_000);
    expect(r2.value.embed).toBeUndefined();
  }, 60_000);

  it("keeps a mention whose handle does not resolve as plain text", async () => {
    const ctx = await aliceContext();
    const sent = await blueskyNetwork.publishPart(ctx, part(`Bonjour @nobody.test et @${bob.handle}`, 1, null));
    const record = await getRecord(sent.externalId);
    expect(record.value.facets).toEqual([
      {
        $type: "app.bsky.richtext.facet",
        index: { byteStart: 24, byteEnd: 24 + 1 + bob.handle.length },
        features: [{ $type: "app.bsky.richtext.facet#mention", did: bob.did }],
      },
    ]);
  });

  it("refuses over 300 graphemes itself, before anything is sent", async () => {
    const ctx = await aliceContext();
    const before = await postCount(alice.did);
    const error = await blueskyNetwork.publishPart(ctx, part("é".repeat(301), 1, null)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(blueskyNetwork.classifyError(error, "post")).toEqual({ kind: "permanent", code: "too_long" });
    expect(await postCount(alice.did)).toBe(before);
    // 300 graphemes of 2 bytes each go through.
    await blueskyNetwork.publishPart(ctx, part("é".repeat(300), 1, null));
    expect(await postCount(alice.did)).toBe(before + 1);
  });

  it("publishes a part once when its create went out but was not recorded (a crash), by its stored key", async () => {
    const ctx = await aliceContext();
    const sendKey = blueskyNetwork.newSendKey!();
    expect(isTid(sendKey)).toBe(true);
    const toSend = part("Une seule fois.", 1, null, { sendKey });
    // Before anything was sent: the key names no post.
    expect(await blueskyNetwork.reconcilePart(ctx, toSend, { sentAt: new Date(), parent: null })).toEqual({ outcome: "absent" });
    const before = await postCount(alice.did);
    const sent = await blueskyNetwork.publishPart(ctx, toSend);
    // The crash: the answer was lost. The next attempt looks the key up…
    const found = await blueskyNetwork.reconcilePart(ctx, toSend, { sentAt: new Date(), parent: null });
    expect(found).toEqual({ outcome: "found", ...sent });
    // …and even a resend under the same key (the PDS answers 500) ends on the same post.
    const again = await blueskyNetwork.publishPart(ctx, toSend, { afterUncertain: { sentAt: new Date() } });
    expect(again).toEqual(sent);
    expect(await postCount(alice.did)).toBe(before + 1);
  });

  it("refreshes an expired access token once (400 ExpiredToken, not 401) and publishes", async () => {
    const ctx = await aliceContext();
    const expired = pds.expired(ctx.accessToken);
    // What the PDS answers to it, and how the error is classified without a way to refresh.
    const refused = await blueskyNetwork.publishPart({ ...ctx, accessToken: expired }, part("Jeton périmé", 1, null)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ details: { status: 400, code: "ExpiredToken" } });
    expect(blueskyNetwork.classifyError(refused, "post")).toEqual({ kind: "retryable", code: "token_expired" });

    let refreshes = 0;
    const sent = await blueskyNetwork.publishPart(
      {
        ...ctx,
        accessToken: expired,
        refreshAccessToken: async () => {
          refreshes++;
          return (await blueskyNetwork.appPassword!.refresh(ctx.refreshToken)).accessToken;
        },
      },
      part("Jeton rafraîchi", 1, null),
    );
    expect(refreshes).toBe(1);
    expect((await getRecord(sent.externalId)).value.text).toBe("Jeton rafraîchi");
  });

  it("asks to reconnect on a wrong app password, and once the app password is revoked", async () => {
    const wrong = await blueskyNetwork.appPassword!.createSession({ identifier: alice.handle, appPassword: "aaaa-bbbb-cccc-dddd" }).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ details: { status: 401, code: "AuthenticationRequired" } });
    expect(blueskyNetwork.classifyError(wrong, "prepare")).toEqual({ kind: "needs_reconnect", code: "unauthorized" });

    const ctx = await aliceContext();
    const revoked = await pds.xrpc("com.atproto.server.revokeAppPassword", { bearer: alice.accessJwt, body: { name: "Plume" } });
    expect(revoked.status).toBe(200);
    const refresh = await blueskyNetwork.appPassword!.refresh(ctx.refreshToken).catch((e: unknown) => e);
    expect(refresh).toBeInstanceOf(ProviderError);
    expect((refresh as ProviderError).details).toMatchObject({ status: 400, code: "ExpiredToken", operation: "refresh" });
    expect(blueskyNetwork.classifyError(refresh, "prepare")).toEqual({ kind: "needs_reconnect", code: "session_expired" });
    // The access token already issued works until it expires (the PDS does not look it up): once it
    // has, the publisher's refresh is refused as above and the channel asks to reconnect.
    const sent = await blueskyNetwork.publishPart(ctx, part("Après révocation, jeton encore valable", 1, null));
    expect(sent.externalId).toMatch(/^at:\/\//);
    const expired = await blueskyNetwork
      .publishPart(
        {
          ...ctx,
          accessToken: pds.expired(ctx.accessToken),
          refreshAccessToken: async () => (await blueskyNetwork.appPassword!.refresh(ctx.refreshToken)).accessToken,
        },
        part("Jamais", 1, null),
      )
      .catch((e: unknown) => e);
    expect(blueskyNetwork.classifyError(expired, "post")).toEqual({ kind: "needs_reconnect", code: "session_expired" });
  });
});

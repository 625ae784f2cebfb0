// Bluesky threads published by real publisher processes killed (SIGKILL) at random moments, against
// a REAL PDS (tests/support/bluesky-pds.ts): whatever moment a kill hits (before a part's record key
// is stored, between the key and the create, after the create and before its result is written),
// every part of every thread exists exactly once in the account's repository, under the key stored
// for it, replying to the part before it. Runs on SQLite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { connectWithAppPassword } from "~/modules/connections/app-password.server";
import { getDb } from "~/modules/db/db.server";
import { addImage } from "~/modules/posts/post-images.server";
import { createPost, schedulePost, setPostTargets } from "~/modules/posts/post.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { startBlueskyPds, type BlueskyPds, type BlueskyTestAccount } from "../support/bluesky-pds";
import { pngBytes, uniqueText } from "../support/publishing";
import { baseWorkerEnv, killAllWorkers, publishThroughKills, startWorker } from "../support/worker-processes";
import { uniqueEmail } from "./helpers";

const LEASE_MS = 3000;
const PARTS = 3;

let pds: BlueskyPds;
const saved = { service: process.env.BLUESKY_SERVICE_URL, plc: process.env.BLUESKY_PLC_URL };

beforeAll(async () => {
  pds = await startBlueskyPds();
  process.env.BLUESKY_SERVICE_URL = pds.pdsUrl;
  process.env.BLUESKY_PLC_URL = pds.plcUrl;
  resetEnvCache();
}, 90_000);

afterEach(killAllWorkers);

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

function workerEnv(concurrency: number): NodeJS.ProcessEnv {
  return {
    ...baseWorkerEnv(),
    BLUESKY_SERVICE_URL: pds.pdsUrl,
    BLUESKY_PLC_URL: pds.plcUrl,
    PROVIDER_TIMEOUT_MS: "2000",
    PUBLISHER_CONCURRENCY_BLUESKY: String(concurrency),
    PUBLISHER_POLL_MS: "100",
    PUBLISHER_LEASE_MS: String(LEASE_MS),
  };
}

/** A Plume user with the account connected through its app password, as the profile's form does. */
async function connectedTo(account: BlueskyTestAccount) {
  const user = await getDb().user.create({ data: { email: uniqueEmail("bsky-kill"), passwordHash: "x", subscription: { create: trialSubscriptionData() } } });
  const { channelId } = await connectWithAppPassword(user, "bluesky", { identifier: account.handle, appPassword: account.appPassword });
  return { userId: user.id, channelId };
}

/** A thread of PARTS parts on the channel, made due now; `image`: one on part 1. */
async function dueThread(userId: string, channelId: string, label: string, image: boolean) {
  const post = await createPost(userId, { platforms: [] });
  if (image) await addImage(userId, post.id, await pngBytes(3), `${label} image`);
  const parts = Array.from({ length: PARTS }, (_, i) => ({ text: `${label} part ${i + 1}/${PARTS}` }));
  await setPostTargets(userId, post.id, [{ channelId, parts }]);
  await schedulePost(userId, post.id, new Date(Date.now() + 120_000));
  await getDb().delivery.updateMany({ where: { postId: post.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
  return post.id;
}

/** Every post record in the account's repository (newest first), as the PDS holds them. */
async function recordsOf(account: BlueskyTestAccount) {
  const records: {
    uri: string;
    value: { text: string; reply?: { root: { uri: string }; parent: { uri: string } }; embed?: { images?: { alt: string }[] } };
  }[] = [];
  let cursor: string | undefined;
  do {
    const answer = await pds.xrpc("com.atproto.repo.listRecords", {
      query: { repo: account.did, collection: "app.bsky.feed.post", limit: "100", ...(cursor ? { cursor } : {}) },
    });
    expect(answer.status).toBe(200);
    records.push(...answer.body.records);
    cursor = answer.body.cursor;
  } while (cursor);
  return records;
}

describe("Bluesky threads through publisher processes killed at random moments", () => {
  it("every part exists exactly once on the PDS, under its stored key, replying to the part before", { timeout: 150_000 }, async () => {
    const stamp = Date.now().toString(36);
    const accounts = [await pds.createAccount(`kill${stamp}a`), await pds.createAccount(`kill${stamp}b`)];
    const channels = [await connectedTo(accounts[0]!), await connectedTo(accounts[1]!)];
    const posts: { postId: string; label: string; account: BlueskyTestAccount; image: boolean }[] = [];
    for (let i = 0; i < 8; i++) {
      const label = uniqueText(`Kill ${i}`);
      const image = i % 3 === 0;
      const channel = channels[i % 2]!;
      posts.push({ postId: await dueThread(channel.userId, channel.channelId, label, image), label, account: accounts[i % 2]!, image });
    }

    const { kills, retriedPosts } = await publishThroughKills(
      posts.map((p) => p.postId),
      (concurrency) => startWorker(workerEnv(concurrency)),
      LEASE_MS,
      { maxKills: 5 },
    );
    expect(kills).toBeGreaterThanOrEqual(2);
    // The kills really interrupted deliveries, which later workers took over.
    expect(await getDb().delivery.count({ where: { postId: { in: posts.map((p) => p.postId) }, attempts: { gt: 1 } } })).toBeGreaterThan(0);

    const repos = new Map(await Promise.all(accounts.map(async (account) => [account.did, await recordsOf(account)] as const)));
    for (const { postId, label, account, image } of posts) {
      expect({ postId, status: (await getDb().post.findUniqueOrThrow({ where: { id: postId } })).status }).toEqual({ postId, status: "published" });
      const target = await getDb().postTarget.findFirstOrThrow({ where: { postId }, include: { parts: { orderBy: { position: "asc" } } } });
      const records = repos.get(account.did)!;
      let root: string | undefined;
      let parent: string | undefined;
      for (const part of target.parts) {
        const made = records.filter((r) => r.value.text === part.text);
        // Once, and where the part says: its record key is the send key stored before the create.
        expect({ text: part.text, records: made.length, status: part.status }).toEqual({ text: part.text, records: 1, status: "published" });
        expect(made[0]!.uri).toBe(part.externalId);
        expect(made[0]!.uri.endsWith(`/${part.sendKey}`)).toBe(true);
        expect(made[0]!.value.reply ? { root: made[0]!.value.reply.root.uri, parent: made[0]!.value.reply.parent.uri } : null).toEqual(
          root ? { root, parent } : null,
        );
        if (part.position === 1) {
          root = made[0]!.uri;
          expect(made[0]!.value.embed?.images?.map((i) => i.alt) ?? []).toEqual(image ? [`${label} image`] : []);
        }
        parent = made[0]!.uri;
      }
    }
    // No failure notice but for posts a storm of kills made fail, which were retried.
    expect(await getDb().notification.count({ where: { postId: { in: posts.map((p) => p.postId).filter((id) => !retriedPosts.has(id)) } } })).toBe(0);
  });
});

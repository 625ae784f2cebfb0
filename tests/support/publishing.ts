// Shared setup for tests of connections and publishing: the LinkedIn and X fakes, users with
// connections whose (sealed) tokens the fakes really issued, and due posts.
import sharp from "sharp";
import { seal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { addImage } from "~/modules/posts/post-images.server";
import { createPost, schedulePost, setPostTargets } from "~/modules/posts/post.server";
import type { Platform } from "~/core/platforms/platforms";
import { startPublisher } from "~/modules/publishing/publisher.server";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { startLinkedInFake, type LinkedInFake } from "../fakes/linkedin-server";
import { startXFake, type XFake } from "../fakes/x-server";
import { xChannelData } from "./x-channel";

export interface Fakes {
  linkedin: LinkedInFake;
  x: XFake;
  /** The access-token lifetime both fakes issue, when not the platforms' own. */
  accessTokenSeconds?: number;
  close(): Promise<void>;
}

/** Starts both fakes and points the app's clients at them (as the environment would). */
export async function startFakes(options: { latencyMs?: number; accessTokenSeconds?: number } = {}): Promise<Fakes> {
  const linkedin = await startLinkedInFake(options);
  const x = await startXFake(options);
  Object.assign(process.env, fakeEnv(linkedin, x));
  resetEnvCache();
  return { linkedin, x, accessTokenSeconds: options.accessTokenSeconds, close: async () => void (await Promise.all([linkedin.close(), x.close()])) };
}

export function fakeEnv(linkedin: Pick<LinkedInFake, "oauthUrl" | "apiUrl">, x: Pick<XFake, "oauthUrl" | "apiUrl">): Record<string, string> {
  return {
    LINKEDIN_CLIENT_ID: "linkedin-test-client",
    LINKEDIN_CLIENT_SECRET: "linkedin-test-secret",
    LINKEDIN_OAUTH_URL: linkedin.oauthUrl,
    LINKEDIN_API_URL: linkedin.apiUrl,
    X_CLIENT_ID: "x-test-client",
    X_CLIENT_SECRET: "x-test-secret",
    X_OAUTH_URL: x.oauthUrl,
    X_API_URL: x.apiUrl,
    PROVIDER_TIMEOUT_MS: "2000",
  };
}

let counter = 0;

/** A user with an active connection to each platform, holding tokens the fakes issued. */
export async function connectedUser(
  fakes: Fakes,
  platforms: Platform[] = ["linkedin", "twitter"],
  options: { xExpiresIn?: number; linkedinRefreshToken?: boolean } = {},
) {
  counter += 1;
  const user = await getDb().user.create({
    data: { email: `publisher-${Date.now()}-${counter}@example.com`, passwordHash: "x", subscription: { create: trialSubscriptionData() } },
  });
  const accounts: { linkedinSub?: string; linkedinToken?: string; xUserId?: string; xTokens?: { accessToken: string; refreshToken: string } } = {};
  if (platforms.includes("linkedin")) {
    const member = fakes.linkedin.createUser();
    const accessToken = fakes.linkedin.issueToken(member.sub, { refreshToken: options.linkedinRefreshToken });
    const refreshToken = fakes.linkedin.state.tokens.get(accessToken)!.refreshToken;
    accounts.linkedinSub = member.sub;
    accounts.linkedinToken = accessToken;
    await getDb().channel.create({
      data: {
        userId: user.id,
        workspaceId: user.id,
        network: "linkedin",
        providerUserId: member.sub,
        displayName: member.name,
        accessTokenEnc: seal(accessToken),
        refreshTokenEnc: refreshToken ? seal(refreshToken) : null,
        expiresAt: new Date(Date.now() + (fakes.accessTokenSeconds ?? 5_184_000) * 1000),
      },
    });
  }
  if (platforms.includes("twitter")) {
    const { account, tokens, data } = xChannelData(fakes.x, user.id, options.xExpiresIn ?? fakes.accessTokenSeconds ?? 7200);
    accounts.xUserId = account.id;
    accounts.xTokens = tokens;
    await getDb().channel.create({ data });
  }
  return { user, ...accounts };
}

export async function pngBytes(seed = 0): Promise<Uint8Array> {
  return sharp({ create: { width: 60 + seed, height: 40, channels: 3, background: { r: (seed * 40) % 255, g: 90, b: 200 } } })
    .png()
    .toBuffer();
}

/** A post with images, scheduled, then made due now (scheduling needs a minute of lead). */
export async function duePost(userId: string, platforms: Platform[], text: string, images = 0) {
  const post = await createPost(userId, { platforms, linkedinText: text, twitterText: text });
  for (let i = 0; i < images; i++) await addImage(userId, post.id, await pngBytes(i), `image ${i + 1}`);
  await schedulePost(userId, post.id, new Date(Date.now() + 120_000));
  await getDb().delivery.updateMany({ where: { postId: post.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
  return post.id;
}

/**
 * A post made due now with an X thread (`x`: its parts) on the user's first X channel and, with
 * `linkedin`, a LinkedIn post and its optional first comment on the first LinkedIn channel. `images`
 * go with part 1 of both.
 */
export async function dueThread(userId: string, { x, linkedin }: { x: string[]; linkedin?: [string, string?] }, images = 0) {
  const channels = await getDb().channel.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  const channelOf = (network: Platform) => channels.find((c) => c.network === network)!.id;
  const post = await createPost(userId, { platforms: [] });
  for (let i = 0; i < images; i++) await addImage(userId, post.id, await pngBytes(i), `image ${i + 1}`);
  const targets = [{ channelId: channelOf("twitter"), parts: x.map((text) => ({ text })) }];
  if (linkedin) targets.unshift({ channelId: channelOf("linkedin"), parts: linkedin.flatMap((text) => (text === undefined ? [] : [{ text }])) });
  await setPostTargets(userId, post.id, targets);
  await schedulePost(userId, post.id, new Date(Date.now() + 120_000));
  await getDb().delivery.updateMany({ where: { postId: post.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
  return post.id;
}

/** A post's parts by network, in order, with their state. */
export async function partsOf(postId: string, network: Platform) {
  const target = await getDb().postTarget.findFirstOrThrow({ where: { postId, network }, include: { parts: { orderBy: { position: "asc" } } } });
  return target.parts;
}

/** Runs a publisher in this process until nothing is due or in flight. */
export async function publishAllDue(options: { concurrency?: number } = {}) {
  const publisher = startPublisher({ concurrency: { linkedin: options.concurrency ?? 4, twitter: options.concurrency ?? 4 }, pollMs: 25 });
  await publisher.idle();
  await publisher.stop();
}

export async function postState(postId: string) {
  return getDb().post.findUniqueOrThrow({ where: { id: postId }, include: { deliveries: { orderBy: { platform: "asc" } } } });
}

export async function deliveryOf(postId: string, platform: Platform) {
  return getDb().delivery.findFirstOrThrow({ where: { postId, platform } });
}

let serial = 0;
/** A text no other test posts (the fakes refuse duplicates, as the platforms do). */
export const uniqueText = (label: string) => `${label} ${Date.now().toString(36)}-${++serial}`;

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Requests the X fake received that create a tweet with this text. */
export const tweetRequests = (fakes: Fakes, text: string) =>
  fakes.x.state.requests.filter((r) => r.method === "POST" && r.path === "/2/tweets" && r.body?.text === text);

/** Requests the LinkedIn fake received that create a post with this text. */
export const linkedinPostRequests = (fakes: Fakes, text: string) =>
  fakes.linkedin.state.requests.filter((r) => r.method === "POST" && r.path === "/rest/posts" && r.body?.commentary === text);

/** The "publish failed" notices the user got for a post. */
export const failureNotices = (postId: string) => getDb().notification.count({ where: { postId, kind: "publish_failed" } });

/** What waiting until the retry time would do: the post's pending deliveries become due. */
export async function timePasses(postId: string) {
  await getDb().delivery.updateMany({ where: { postId, status: "pending" }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
}

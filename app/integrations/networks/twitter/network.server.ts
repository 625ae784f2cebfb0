import { classifyCommon, httpError } from "~/integrations/networks/classify-error";
import type { Metrics, Network, PartToSend, PublishContext, PublishOptions, Published, Reconciliation } from "~/integrations/networks/types";
import { isProviderError, ProviderError } from "~/integrations/provider-error";
import {
  createPkcePair,
  createTweet,
  exchangeXCode,
  getTweetMetrics,
  getXMe,
  listRecentTweets,
  refreshXToken,
  revokeXToken,
  tweetUrl,
  uploadXMedia,
  X_METRICS_BATCH,
  xAuthorizeUrl,
  xConfigured,
} from "./client.server";
import { twitterRules } from "./rules";
import { isShownAs } from "./shown-text";

// X as a Network: a thread is part 1 then replies, each to the part before it.

/** How far before the attempt a tweet may be dated and still be ours: X's clock and ours differ. */
const CLOCK_SKEW_MS = 60_000;

export { createPkcePair };

const published = (ctx: PublishContext, id: string): Published => ({ externalId: id, url: tweetUrl(ctx.handle ?? "i", id) });

async function reconcilePart(ctx: PublishContext, part: PartToSend, { sentAt, parent }: { sentAt: Date; parent: string | null }): Promise<Reconciliation> {
  const since = new Date(sentAt.getTime() - CLOCK_SKEW_MS);
  const until = Date.now() + CLOCK_SKEW_MS;
  const recent = await listRecentTweets(ctx.accessToken, ctx.providerUserId, { sinceTime: since });
  const sent = { text: part.text, withPhotos: part.images.length > 0 };
  // A later part is ours only if it answers the part before it: the same text may start another thread.
  const found = recent.find(
    (tweet) =>
      tweet.createdAt >= since &&
      tweet.createdAt.getTime() <= until &&
      (parent ? tweet.repliedTo === parent : tweet.repliedTo === undefined) &&
      isShownAs(tweet.text, sent),
  );
  return found ? { outcome: "found", ...published(ctx, found.id) } : { outcome: "absent" };
}

export const DUPLICATE_NOT_FOUND =
  "X refused the tweet as a duplicate, but the tweet of the earlier, unconfirmed attempt is not on the account: the same text was posted before. Check the account; to post it anyway, change the text.";

async function publishPart(ctx: PublishContext, part: PartToSend, options: PublishOptions = {}): Promise<Published> {
  const mediaIds: string[] = [];
  for (const image of part.images) {
    await options.beforeUpload?.();
    mediaIds.push(await uploadXMedia(ctx.accessToken, image));
  }
  await options.beforeCreate?.();
  try {
    const { id } = await createTweet(ctx.accessToken, { text: part.text, mediaIds, replyTo: part.position > 1 ? part.parent : null });
    return published(ctx, id);
  } catch (error) {
    if (!options.afterUncertain || !isProviderError(error) || error.details.code !== "duplicate") throw error;
    // After an uncertain attempt a duplicate says the earlier tweet exists: look again.
    const again = await reconcilePart(ctx, part, { sentAt: options.afterUncertain.sentAt, parent: part.parent });
    if (again.outcome === "found") return { externalId: again.externalId, url: again.url };
    throw new ProviderError("twitter", "http", DUPLICATE_NOT_FOUND, { ...error.details, code: "duplicate_not_found" });
  }
}

async function fetchMetrics(ctx: PublishContext, externalIds: readonly string[]): Promise<Map<string, Metrics>> {
  const metrics = new Map<string, Metrics>();
  for (let at = 0; at < externalIds.length; at += X_METRICS_BATCH) {
    const batch = await getTweetMetrics(ctx.accessToken, externalIds.slice(at, at + X_METRICS_BATCH));
    for (const [id, m] of batch)
      metrics.set(id, { likes: m.likes, reposts: m.reposts, replies: m.replies, quotes: m.quotes, impressions: m.impressions ?? null });
  }
  return metrics;
}

export const twitterNetwork: Network = {
  ...twitterRules,
  oauth: {
    configured: xConfigured,
    pkce: true,
    rotatingRefresh: true,
    authorizeUrl({ redirectUri, state, codeChallenge }) {
      if (!codeChallenge) throw new Error("X needs a PKCE challenge");
      return xAuthorizeUrl({ redirectUri, state, codeChallenge });
    },
    exchangeCode({ code, redirectUri, codeVerifier }) {
      if (!codeVerifier) throw new Error("X needs the PKCE verifier");
      return exchangeXCode({ code, redirectUri, codeVerifier });
    },
    refresh: refreshXToken,
    async whoami(accessToken) {
      const me = await getXMe(accessToken);
      return { providerUserId: me.id, displayName: me.name, handle: me.username, avatarUrl: me.profileImageUrl ?? null, kind: "account" };
    },
    revoke: (token, tokenTypeHint) => revokeXToken(token, tokenTypeHint),
  },
  reconciliation: () => "lookup",
  publishPart,
  reconcilePart,
  fetchMetrics,
  classifyError(error, step = "post") {
    if (isProviderError(error)) {
      const code = error.details.code;
      // Identical text of the same account: sending again is refused again.
      if (httpError(error, 403) && code === "duplicate") return { kind: "permanent", code: "duplicate" };
      // The parent is not ours or not there (X's 2026 reply restriction): the thread stops here.
      if (httpError(error, 403) && code === "reply_not_allowed") return { kind: "permanent", code: "reply_not_allowed" };
      // The app's spending cap: no rate-limit window will lift it.
      if (httpError(error, 429) && code === "usage_capped") return { kind: "permanent", code: "usage_capped" };
      if (code === "duplicate_not_found") return { kind: "permanent", code };
    }
    return classifyCommon(error, step);
  },
};

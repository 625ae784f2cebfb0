import { classifyCommon, httpError } from "~/integrations/networks/classify-error";
import type { Metrics, Network, PartToSend, PublishContext, PublishOptions, Published, Reconciliation } from "~/integrations/networks/types";
import { isProviderError } from "~/integrations/provider-error";
import {
  createLinkedinComment,
  createLinkedinPost,
  duplicateUrnOf,
  exchangeLinkedinCode,
  getLinkedinUserInfo,
  linkedinAuthorizeUrl,
  linkedinConfigured,
  linkedinPostUrl,
  refreshLinkedinToken,
  uploadLinkedinImage,
} from "./client.server";
import { linkedinRules } from "./rules";

// LinkedIn (member) as a Network: part 1 is the post, part 2 the author's first comment on it.
// A member app cannot read comments back, so an uncertain comment stays unknown (never resent).

/** "Comment create throttled" comes without a time: try again after this. */
const COMMENT_THROTTLE_WAIT_MS = 60_000;

const authorUrn = (ctx: PublishContext) => `urn:li:person:${ctx.providerUserId}`;

async function publishPost(ctx: PublishContext, part: PartToSend, afterUncertain: boolean, options: PublishOptions = {}): Promise<Published> {
  const images = [];
  for (const image of part.images) {
    await options.beforeUpload?.();
    const urn = await uploadLinkedinImage(ctx.accessToken, { ownerUrn: authorUrn(ctx), bytes: image.bytes, mimeType: image.mimeType });
    images.push({ urn, altText: image.altText });
  }
  await options.beforeCreate?.();
  try {
    const { urn, url } = await createLinkedinPost(ctx.accessToken, { authorUrn: authorUrn(ctx), commentary: part.text, images });
    return { externalId: urn, url };
  } catch (error) {
    // Reconciliation by resending: after an uncertain attempt, LinkedIn refusing the identical post
    // as a duplicate names the one the earlier attempt created.
    const urn = afterUncertain && isProviderError(error) ? duplicateUrnOf(error) : null;
    if (urn) return { externalId: urn, url: linkedinPostUrl(urn) };
    throw error;
  }
}

async function publishPart(ctx: PublishContext, part: PartToSend, options: PublishOptions = {}): Promise<Published> {
  if (part.position === 1) return publishPost(ctx, part, Boolean(options.afterUncertain), options);
  if (!part.parent) throw new Error("A LinkedIn comment needs the post it comments on");
  if (part.images.length > 0) throw new Error("A LinkedIn comment takes no images");
  await options.beforeCreate?.();
  const { commentUrn } = await createLinkedinComment(ctx.accessToken, { postUrn: part.parent, actorUrn: authorUrn(ctx), text: part.text });
  // A comment has no page of its own that we can vouch for: its URL is the post's.
  return { externalId: commentUrn, url: linkedinPostUrl(part.parent) };
}

async function reconcilePart(ctx: PublishContext, part: PartToSend, { parent }: { sentAt: Date; parent: string | null }): Promise<Reconciliation> {
  if (part.position === 1) {
    // The identical post again: LinkedIn's DUPLICATE_POST names the earlier one, or the post is
    // created now because it was absent. Published either way (within LinkedIn's 24-hour window).
    const post = await publishPost(ctx, part, true);
    return { outcome: "found", ...post };
  }
  // Comments cannot be read back by a member app: say so, with where to look.
  return { outcome: "unknown", checkUrl: parent ? linkedinPostUrl(parent) : null };
}

async function fetchMetrics(_ctx: PublishContext, externalIds: readonly string[]): Promise<Map<string, Metrics>> {
  // Member posts' statistics need Community Management scopes: nothing is known, nothing is asked.
  const unknown: Metrics = { likes: null, reposts: null, replies: null, quotes: null, impressions: null };
  return new Map(externalIds.map((id) => [id, { ...unknown }]));
}

export const linkedinNetwork: Network = {
  ...linkedinRules,
  oauth: {
    configured: linkedinConfigured,
    pkce: false,
    rotatingRefresh: false,
    authorizeUrl: ({ redirectUri, state, forceLogin }) => linkedinAuthorizeUrl({ redirectUri, state, prompt: forceLogin ? "login" : undefined }),
    exchangeCode: ({ code, redirectUri }) => exchangeLinkedinCode({ code, redirectUri }),
    refresh: refreshLinkedinToken,
    async whoami(accessToken) {
      const info = await getLinkedinUserInfo(accessToken);
      // A member has no username: the e-mail tells the owner's accounts apart (rules' handlePrefix "").
      return { providerUserId: info.sub, displayName: info.name, handle: info.email ?? null, avatarUrl: info.picture ?? null, kind: "member" };
    },
  },
  reconciliation: (position) => (position === 1 ? "resend" : "unknowable"),
  publishPart,
  reconcilePart,
  fetchMetrics,
  classifyError(error, step = "post") {
    if (isProviderError(error)) {
      if (httpError(error, 422) && error.details.code === "DUPLICATE_POST") return { kind: "permanent", code: "duplicate" };
      // Right after the post is created, LinkedIn may not know it yet for its comments endpoint (the
      // publisher's attempt limit bounds this if the post is really gone).
      if (httpError(error, 404, "comment")) return { kind: "retryable", code: "post_not_ready", retryAt: new Date(Date.now() + 5_000) };
      if (httpError(error, 429) && /comment create throttled/i.test(error.message)) {
        return { kind: "retryable", code: "comment_throttled", retryAt: error.details.retryAt ?? new Date(Date.now() + COMMENT_THROTTLE_WAIT_MS) };
      }
    }
    return classifyCommon(error, step);
  },
};

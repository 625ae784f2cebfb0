import { classifyCommon, httpError } from "~/integrations/networks/classify-error";
import type { Metrics, Network, PartToSend, PublishContext, PublishOptions, Published, Reconciliation } from "~/integrations/networks/types";
import { isProviderError } from "~/integrations/provider-error";
import {
  createLinkedinComment,
  createLinkedinPost,
  duplicateUrnOf,
  escapeLinkedinCommentary,
  exchangeLinkedinCode,
  findLinkedinPostsByAuthor,
  getLinkedinSocialActions,
  getLinkedinUserInfo,
  getOrganization,
  getOrganizationShareStatistics,
  hasOrganizationScopes,
  linkedinAuthorizeUrl,
  linkedinConfigured,
  linkedinPagesEnabled,
  linkedinPostUrl,
  listAdministeredOrganizations,
  listLinkedinComments,
  refreshLinkedinToken,
  uploadLinkedinImage,
} from "./client.server";
import { linkedinRules } from "./rules";

// LinkedIn as a Network: part 1 is the post, part 2 the author's first comment on it. A member
// posts as urn:li:person:{sub}; a page channel (kind "page", docs/decisions/0058) as its
// organization, whose URN is the channel's providerUserId, with its administrator's token.
// A member app cannot read comments back, so a member's uncertain comment stays unknown (never
// resent); a page's posts and comments can be read (r_organization_social), so they are looked up.

/** "Comment create throttled" comes without a time: try again after this. */
const COMMENT_THROTTLE_WAIT_MS = 60_000;

const isPage = (ctx: Pick<PublishContext, "kind"> | undefined) => ctx?.kind === "page";
/** Who the post, its images and its first comment are by: the member, or the page's organization. */
const authorUrn = (ctx: PublishContext) => (isPage(ctx) ? ctx.providerUserId : `urn:li:person:${ctx.providerUserId}`);
/** A post found among the page's latest may have been created this long before the attempt's sentAt (clocks differ). */
const CLOCK_SLACK_MS = 5 * 60_000;

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

/**
 * A page's part after an uncertain attempt, read back: the post among the organization's latest
 * (same commentary as sent, created since the attempt), the comment among the post's comments (the
 * organization as actor, same text). Found or absent: a page's parts are never "unknown".
 */
async function lookUpPagePart(ctx: PublishContext, part: PartToSend, { sentAt, parent }: { sentAt: Date; parent: string | null }): Promise<Reconciliation> {
  if (part.position === 1) {
    const commentary = escapeLinkedinCommentary(part.text);
    const posts = await findLinkedinPostsByAuthor(ctx.accessToken, authorUrn(ctx));
    const found = posts.find(
      (post) =>
        post.commentary === commentary &&
        (post.author === null || post.author === authorUrn(ctx)) &&
        (post.createdAt === null || post.createdAt.getTime() >= sentAt.getTime() - CLOCK_SLACK_MS),
    );
    return found ? { outcome: "found", externalId: found.urn, url: linkedinPostUrl(found.urn) } : { outcome: "absent" };
  }
  if (!parent) return { outcome: "absent" };
  const comments = await listLinkedinComments(ctx.accessToken, parent);
  const found = comments.find((comment) => comment.actor === authorUrn(ctx) && comment.text === part.text);
  return found ? { outcome: "found", externalId: found.urn, url: linkedinPostUrl(parent) } : { outcome: "absent" };
}

async function reconcilePart(ctx: PublishContext, part: PartToSend, attempt: { sentAt: Date; parent: string | null }): Promise<Reconciliation> {
  if (isPage(ctx)) return lookUpPagePart(ctx, part, attempt);
  const { parent } = attempt;
  if (part.position === 1) {
    // The identical post again: LinkedIn's DUPLICATE_POST names the earlier one, or the post is
    // created now because it was absent. Published either way (within LinkedIn's 24-hour window).
    const post = await publishPost(ctx, part, true);
    return { outcome: "found", ...post };
  }
  // Comments cannot be read back by a member app: say so, with where to look.
  return { outcome: "unknown", checkUrl: parent ? linkedinPostUrl(parent) : null };
}

async function fetchMetrics(ctx: PublishContext, externalIds: readonly string[]): Promise<Map<string, Metrics>> {
  const unknown: Metrics = { likes: null, reposts: null, replies: null, quotes: null, impressions: null };
  // Member posts' statistics need scopes member apps do not get: nothing is known, nothing is asked.
  if (!isPage(ctx)) return new Map(externalIds.map((id) => [id, { ...unknown }]));
  const metrics = new Map<string, Metrics>();
  for (const id of externalIds) {
    try {
      const { likes, comments } = await getLinkedinSocialActions(ctx.accessToken, id);
      metrics.set(id, { ...unknown, likes, replies: comments });
    } catch (error) {
      // A post LinkedIn no longer knows (deleted) is left out.
      if (isProviderError(error) && error.status === 404) continue;
      throw error;
    }
  }
  for (let i = 0; i < metrics.size; i += STATISTICS_BATCH) {
    const batch = [...metrics.keys()].slice(i, i + STATISTICS_BATCH);
    const statistics = await getOrganizationShareStatistics(ctx.accessToken, authorUrn(ctx), batch);
    for (const [urn, { impressions, shares }] of statistics) {
      const known = metrics.get(urn);
      if (known) metrics.set(urn, { ...known, impressions, reposts: shares });
    }
  }
  return metrics;
}

/** Posts asked per share statistics call (the URL carries them all). */
const STATISTICS_BATCH = 20;

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
  pages: {
    enabled: linkedinPagesEnabled,
    granted: hasOrganizationScopes,
    async administered(accessToken) {
      const urns = await listAdministeredOrganizations(accessToken);
      const pages = [];
      for (const urn of urns) {
        const organization = await getOrganization(accessToken, urn);
        pages.push({
          providerUserId: urn,
          displayName: organization.name,
          handle: organization.vanityName,
          avatarUrl: organization.logoUrl,
          kind: "page" as const,
        });
      }
      return pages;
    },
  },
  // A member's post is settled by resending it (DUPLICATE_POST), their comment cannot be read back;
  // a page's post and comment are looked up.
  reconciliation: (position, ctx) => (isPage(ctx) ? "lookup" : position === 1 ? "resend" : "unknowable"),
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

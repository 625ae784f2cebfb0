import { getEnv } from "~/core/env/env.server";
import { classifyCommon } from "~/integrations/networks/classify-error";
import type {
  ErrorClass,
  Metrics,
  Network,
  NetworkAccount,
  NetworkTokens,
  PartToSend,
  PublishContext,
  PublishOptions,
  Published,
  Reconciliation,
} from "~/integrations/networks/types";
import { isProviderError, ProviderError } from "~/integrations/provider-error";
import {
  BLUESKY_METRICS_BATCH,
  createPost,
  createSession,
  getPost,
  getPostCounts,
  getSession,
  jwtClaims,
  parsePostUri,
  assertCallablePds,
  pdsOf,
  postUrl,
  refreshSession,
  resolveHandle,
  uploadBlob,
  type BlueskySession,
  type StrongRef,
} from "./client.server";
import { findFacets, isHandle, toRecordFacets } from "./facets";
import { BLUESKY_MAX_IMAGE_BYTES, blueskyRules } from "./rules";
import { checkBlueskyText } from "./text";
import { isTid, newTid } from "./tid";

// Bluesky as a Network (docs/decisions/0054-bluesky.md). Connecting is not OAuth: a handle or
// e-mail and an app password (appPassword). A thread is part 1 then replies, each naming part 1 as
// its root and the part before as its parent (both uri and cid: read from the parent's record).
// Exactly once per part: the record key is a TID chosen before sending (newSendKey) and stored by
// the publisher; after an uncertain attempt the key is looked up (getRecord), never guessed.

export const APP_PASSWORDS_URL = "https://bsky.app/settings/app-passwords";

/** How long before its `exp` an access token is taken as expired (our clock and the PDS's differ). */
const EXPIRY_MARGIN_S = 60;

function tokensOf(session: BlueskySession): NetworkTokens {
  const access = jwtClaims(session.accessJwt);
  const refresh = jwtClaims(session.refreshJwt);
  const now = Math.floor(Date.now() / 1000);
  return {
    accessToken: session.accessJwt,
    // Bluesky's access tokens last 2 hours; read the real expiry when the token says it.
    expiresIn: access.exp ? Math.max(0, access.exp - now - EXPIRY_MARGIN_S) : 2 * 3600 - EXPIRY_MARGIN_S,
    refreshToken: session.refreshJwt,
    refreshTokenExpiresIn: refresh.exp ? Math.max(0, refresh.exp - now) : undefined,
    scope: access.scope ?? "",
  };
}

const accountOf = ({ did, handle }: { did: string; handle: string }): NetworkAccount => ({
  providerUserId: did,
  displayName: handle,
  handle,
  avatarUrl: null,
  kind: "account",
});

/** The PDS a session token belongs to: its subject's. */
async function serviceOfToken(jwt: string): Promise<string> {
  const did = jwtClaims(jwt).sub;
  if (!did) throw new ProviderError("bluesky", "http", "Not a Bluesky session token", { status: 400, code: "InvalidToken", operation: "session" });
  return pdsOf(did);
}

async function signIn({ identifier, appPassword, service }: { identifier: string; appPassword: string; service?: string }) {
  const entry = getEnv().BLUESKY_SERVICE_URL;
  if (service) await assertCallablePds(service);
  let pds = service;
  if (!pds && isHandle(identifier.replace(/^@/, ""))) {
    // The handle's own PDS (any PDS, not only bsky.social's); an e-mail goes to the default service.
    const did = await resolveHandle(entry, identifier.replace(/^@/, ""));
    if (did) pds = await pdsOf(did);
  }
  const session = await createSession(pds ?? entry, identifier.replace(/^@/, ""), appPassword);
  return { ...tokensOf(session), account: accountOf(session) };
}

/** Runs a call with the context's token; an expired token (400 ExpiredToken, not 401) is refreshed once. */
async function withFreshToken<T>(ctx: PublishContext, run: (accessToken: string) => Promise<T>): Promise<T> {
  try {
    return await run(ctx.accessToken);
  } catch (error) {
    if (!ctx.refreshAccessToken || !isProviderError(error) || error.details.status !== 400 || error.details.code !== "ExpiredToken") throw error;
    ctx.accessToken = await ctx.refreshAccessToken();
    return run(ctx.accessToken);
  }
}

const published = (ctx: PublishContext, ref: StrongRef): Published => {
  const parsed = parsePostUri(ref.uri);
  return { externalId: ref.uri, url: postUrl(ctx.handle ?? ctx.providerUserId, parsed?.rkey ?? "") };
};

/** The DIDs of the mentioned handles that resolve; the others stay plain text. */
async function mentionDids(service: string, handles: string[]): Promise<Map<string, string>> {
  const dids = new Map<string, string>();
  for (const handle of new Set(handles)) {
    const did = await resolveHandle(service, handle).catch(() => null);
    if (did) dids.set(handle, did);
  }
  return dids;
}

/** Part 1's and the parent's refs, read from the parent's record (its reply names the root). */
async function replyRefs(parentUri: string): Promise<{ root: StrongRef; parent: StrongRef }> {
  const at = parsePostUri(parentUri);
  const parent = at ? await getPost(await pdsOf(at.repo), at.repo, at.rkey) : null;
  if (!parent)
    throw new ProviderError("bluesky", "http", `The post this part answers is gone: ${parentUri}`, {
      status: 400,
      code: "parent_not_found",
      operation: "lookup",
    });
  const ref = { uri: parent.uri, cid: parent.cid };
  return { root: parent.value.reply?.root ?? ref, parent: ref };
}

function sendKeyOf(part: PartToSend): string {
  if (part.sendKey && !isTid(part.sendKey)) throw new Error(`A Bluesky send key must be a TID, not ${part.sendKey}`);
  return part.sendKey ?? newTid();
}

async function publishPart(ctx: PublishContext, part: PartToSend, options: PublishOptions = {}): Promise<Published> {
  // Our own check first: the PDS would refuse it with 400 InvalidRequest, after the images went up.
  const check = checkBlueskyText(part.text);
  if (!check.fits) {
    throw new ProviderError("bluesky", "http", `A Bluesky post takes ${check.max} characters; this one has ${check.length}.`, {
      status: 400,
      code: "too_long",
      operation: "prepare",
    });
  }
  const service = await pdsOf(ctx.providerUserId);
  const rkey = sendKeyOf(part);
  const images = [];
  for (const image of part.images) {
    if (image.bytes.length > BLUESKY_MAX_IMAGE_BYTES) {
      // The publisher recompresses images to the network's maxImageBytes: reaching this is a bug.
      throw new ProviderError("bluesky", "http", `An image of ${image.bytes.length} bytes is over Bluesky's ${BLUESKY_MAX_IMAGE_BYTES}.`, {
        status: 400,
        code: "BlobTooLarge",
        operation: "upload",
      });
    }
    await options.beforeUpload?.();
    const blob = await withFreshToken(ctx, (token) => uploadBlob(service, token, image));
    images.push({
      image: blob,
      alt: image.altText,
      ...(image.width > 0 && image.height > 0 ? { aspectRatio: { width: image.width, height: image.height } } : {}),
    });
  }
  const found = findFacets(part.text);
  const dids = await mentionDids(
    service,
    found.flatMap((f) => (f.kind === "mention" ? [f.handle] : [])),
  );
  const facets = toRecordFacets(found, dids);
  const reply = part.position > 1 && part.parent ? await replyRefs(part.parent) : null;
  const record = {
    $type: "app.bsky.feed.post",
    text: part.text,
    createdAt: new Date().toISOString(),
    ...(facets.length > 0 ? { facets } : {}),
    ...(images.length > 0 ? { embed: { $type: "app.bsky.embed.images", images } } : {}),
    ...(reply ? { reply } : {}),
  };
  await options.beforeCreate?.();
  try {
    return published(ctx, await withFreshToken(ctx, (token) => createPost(service, token, { repo: ctx.providerUserId, rkey, record })));
  } catch (error) {
    // The same key again answers 500 (not "already exists"): an earlier attempt made it.
    if (part.sendKey && isProviderError(error) && (error.details.status ?? 0) >= 500) {
      const earlier = await getPost(service, ctx.providerUserId, rkey).catch(() => null);
      if (earlier) return published(ctx, earlier);
    }
    throw error;
  }
}

async function reconcilePart(ctx: PublishContext, part: PartToSend): Promise<Reconciliation> {
  // A part sent before send keys existed cannot be looked up by key: never resend it blindly.
  if (!part.sendKey) return { outcome: "unknown", checkUrl: `https://bsky.app/profile/${encodeURIComponent(ctx.handle ?? ctx.providerUserId)}` };
  const found = await getPost(await pdsOf(ctx.providerUserId), ctx.providerUserId, part.sendKey);
  return found ? { outcome: "found", ...published(ctx, found) } : { outcome: "absent" };
}

async function fetchMetrics(_ctx: PublishContext, externalIds: readonly string[]): Promise<Map<string, Metrics>> {
  const metrics = new Map<string, Metrics>();
  for (let at = 0; at < externalIds.length; at += BLUESKY_METRICS_BATCH) {
    for (const [uri, c] of await getPostCounts(externalIds.slice(at, at + BLUESKY_METRICS_BATCH)))
      metrics.set(uri, { likes: c.likes, reposts: c.reposts, replies: c.replies, quotes: c.quotes, impressions: null });
  }
  return metrics;
}

/** XRPC errors that say the channel's session is dead: sign in again with a (new) app password. */
const DEAD_SESSION = new Set(["InvalidToken", "AuthenticationRequired", "AccountTakedown", "AccountDeactivated", "AuthMissing"]);

function classifyError(error: unknown, step: "post" | "prepare" = "post"): ErrorClass {
  if (isProviderError(error) && error.kind === "http") {
    const { status, code, operation } = error.details;
    // Expired: the next attempt refreshes first (the stored expiry has passed).
    if (code === "ExpiredToken")
      return operation === "refresh" ? { kind: "needs_reconnect", code: "session_expired" } : { kind: "retryable", code: "token_expired" };
    if (code && DEAD_SESSION.has(code)) return { kind: "needs_reconnect", code: "unauthorized" };
    // A refresh refused for any reason (a revoked app password): sign in again.
    if (operation === "refresh" && (status === 400 || status === 401)) return { kind: "needs_reconnect", code: "unauthorized" };
    if (code === "too_long" || code === "BlobTooLarge" || code === "parent_not_found" || code === "origin_refused") return { kind: "permanent", code };
    if (status === 400 && code === "InvalidRequest") return { kind: "permanent", code: "invalid_request" };
  }
  return classifyCommon(error, step);
}

async function refresh(refreshToken: string): Promise<NetworkTokens> {
  return tokensOf(await refreshSession(await serviceOfToken(refreshToken), refreshToken));
}

async function whoami(accessToken: string): Promise<NetworkAccount> {
  return accountOf(await getSession(await serviceOfToken(accessToken), accessToken));
}

const notOAuth = (): never => {
  throw new Error("Bluesky connects with an app password (appPassword), not OAuth");
};

export const blueskyNetwork: Network<"bluesky"> = {
  ...blueskyRules,
  // Not offered: configured() is false. Refresh and whoami work on app-password sessions too, so
  // the connections code that refreshes through `oauth.refresh` keeps working for Bluesky.
  oauth: { configured: () => false, pkce: false, rotatingRefresh: true, authorizeUrl: notOAuth, exchangeCode: notOAuth, refresh, whoami },
  appPassword: { helpUrl: APP_PASSWORDS_URL, createSession: signIn, refresh, whoami },
  newSendKey: () => newTid(),
  reconciliation: () => "lookup",
  publishPart,
  reconcilePart: (ctx, part) => reconcilePart(ctx, part),
  fetchMetrics,
  classifyError,
};

import { getEnv } from "~/core/env/env.server";
import { classifyCommon } from "~/integrations/networks/classify-error";
import type {
  ErrorClass,
  InstanceApp,
  InstanceConnectDescriptor,
  Metrics,
  Network,
  NetworkAccount,
  NetworkTokens,
  OAuthDescriptor,
  PartToSend,
  PublishContext,
  PublishOptions,
  Published,
  Reconciliation,
} from "~/integrations/networks/types";
import { isProviderError, ProviderError } from "~/integrations/provider-error";
import {
  accountStatuses,
  appIsKnown,
  authorizeUrl,
  createStatus,
  exchangeCode,
  fetchInstanceLimits,
  getMedia,
  getStatus,
  registerApp,
  revokeToken,
  statusSource,
  uploadMedia,
  verifyCredentials,
  type MastodonStatus,
} from "./client.server";
import { normaliseInstance } from "./instance.server";
import { mastodonDefaultRules, mastodonRules, type MastodonInstanceLimits } from "./rules";
import { newMastodonSendKey, sendKeyTime } from "./send-key";
import { checkMastodonText } from "./text";

// Mastodon as a Network (docs/decisions/0055-mastodon.md). Every instance is its own provider:
// connecting names the instance (`instances`: register Plume there once, then OAuth there), and the
// instance is part of the account's id: providerUserId "<account id>@<host>", handle "<user>@<host>".
// Limits are the instance's (GET /api/v2/instance, cached an hour). Exactly once per part: the part's
// send key (a UUID v7, send-key.ts) is its Idempotency-Key; while Mastodon still keeps it (an hour),
// resending is the reconciliation; later, the account's statuses are looked through.

/** Mastodon tokens never expire and have no refresh; NetworkTokens wants a lifetime: ten years. */
export const MASTODON_TOKEN_LIFETIME_S = 10 * 365 * 24 * 3600;
/**
 * Mastodon keeps an Idempotency-Key 3,600 s after the success; resend only well within that,
 * counted from when the key was made (before the part's first attempt, so before any success).
 */
export const MASTODON_RESEND_WINDOW_MS = 50 * 60_000;
const LIMITS_CACHE_MS = 60 * 60_000;
/** How far back the lookup reads the account's statuses (pages of 40). */
const LOOKUP_PAGES = 5;
/** Clocks differ: a status created a little before the recorded sentAt may still be the part. */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface MastodonNetworkOptions {
  /** How long an upload may stay "processing" before the part is retried later. */
  mediaWaitMs?: number;
  /** The first wait between two looks at a processing upload (doubled each time, at most 5 s). */
  mediaPollMs?: number;
}

// ---- Accounts and instances ----------------------------------------------------------------

/** The origin of an instance host: an allowed private origin with that host (a fake), else https. */
function originOfHost(host: string): string {
  const allowed = getEnv().MASTODON_ALLOWED_PRIVATE_ORIGINS.find((origin) => new URL(origin).host === host);
  return allowed ?? `https://${host}`;
}

/** "<id>@<host>" → the instance's origin and the account id on it. */
export function accountOf(providerUserId: string): { origin: string; accountId: string; host: string } {
  const at = providerUserId.indexOf("@");
  if (at <= 0 || at === providerUserId.length - 1) throw new Error(`Not a Mastodon account id (id@host): ${providerUserId}`);
  const host = providerUserId.slice(at + 1);
  return { origin: originOfHost(host), accountId: providerUserId.slice(0, at), host };
}

async function whoamiOn(origin: string, accessToken: string): Promise<NetworkAccount> {
  const host = new URL(origin).host;
  const account = await verifyCredentials(origin, accessToken);
  return {
    providerUserId: `${account.id}@${host}`,
    displayName: account.display_name.trim() || account.username,
    handle: `${account.username}@${host}`,
    avatarUrl: account.avatar || null,
    kind: "account",
  };
}

const limitsCache = new Map<string, { limits: MastodonInstanceLimits; until: number }>();

/** The instance's limits, read at most once an hour. */
export async function instanceLimits(origin: string): Promise<MastodonInstanceLimits> {
  const cached = limitsCache.get(origin);
  if (cached && cached.until > Date.now()) return cached.limits;
  const limits = await fetchInstanceLimits(origin);
  limitsCache.set(origin, { limits, until: Date.now() + LIMITS_CACHE_MS });
  return limits;
}

function instanceOAuth(origin: string, app: InstanceApp): OAuthDescriptor {
  return {
    configured: () => true,
    // PKCE since Mastodon 4.3; older instances ignore the challenge and the verifier.
    pkce: true,
    rotatingRefresh: false,
    authorizeUrl: (request) => authorizeUrl(origin, app, request),
    async exchangeCode(request): Promise<NetworkTokens> {
      const tokens = await exchangeCode(origin, app, request);
      return { accessToken: tokens.access_token, expiresIn: MASTODON_TOKEN_LIFETIME_S, scope: tokens.scope };
    },
    refresh: () => Promise.reject(noRefresh()),
    whoami: (accessToken) => whoamiOn(origin, accessToken),
    revoke: (token) => revokeToken(origin, app, token),
  };
}

const noRefresh = () =>
  new ProviderError("mastodon", "http", "Mastodon tokens do not expire and have no refresh: reconnect", {
    status: 401,
    code: "no_refresh",
    operation: "refresh",
  });

// ---- Publishing ----------------------------------------------------------------------------

const refuse = (message: string, code: string, operation = "prepare") => new ProviderError("mastodon", "http", message, { status: 422, code, operation });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function uploadImage(
  origin: string,
  ctx: PublishContext,
  image: PartToSend["images"][number],
  { mediaWaitMs, mediaPollMs }: Required<MastodonNetworkOptions>,
): Promise<string> {
  let media = await uploadMedia(origin, ctx.accessToken, image);
  const deadline = Date.now() + mediaWaitMs;
  let wait = mediaPollMs;
  // 202: the instance is still processing it; a status cannot take it before its url exists.
  while (media.url === null) {
    if (Date.now() + wait > deadline)
      throw new ProviderError("mastodon", "http", `The instance was still processing an image after ${mediaWaitMs} ms`, {
        status: 202,
        code: "media_processing",
        operation: "upload",
      });
    await sleep(wait);
    wait = Math.min(wait * 2, 5_000);
    media = await getMedia(origin, ctx.accessToken, media.id);
  }
  return media.id;
}

const published = (origin: string, ctx: PublishContext, status: MastodonStatus): Published => ({
  externalId: status.id,
  url: status.url ?? `${origin}/@${(ctx.handle ?? "").split("@")[0]}/${status.id}`,
});

async function publishPart(ctx: PublishContext, part: PartToSend, options: PublishOptions, settings: Required<MastodonNetworkOptions>): Promise<Published> {
  const { origin } = accountOf(ctx.providerUserId);
  const limits = await instanceLimits(origin);
  // Our own checks first, with this instance's limits: it would refuse with 422 after the uploads.
  const check = checkMastodonText(part.text, limits);
  if (!check.fits) throw refuse(`This Mastodon instance takes ${check.max} characters; this status has ${check.length}.`, "too_long");
  if (part.images.length > limits.maxMediaAttachments)
    throw refuse(`This Mastodon instance takes ${limits.maxMediaAttachments} images a status; this one has ${part.images.length}.`, "too_many_images");
  const heavy = part.images.find((image) => image.bytes.length > limits.imageSizeLimit);
  // The publisher fits images to maxImageBytes (the instance's network, networkFor): reaching this is a bug.
  if (heavy) throw refuse(`An image of ${heavy.bytes.length} bytes is over this instance's ${limits.imageSizeLimit}.`, "image_too_large");
  const key = part.sendKey ?? newMastodonSendKey();
  const mediaIds: string[] = [];
  for (const image of part.images) {
    await options.beforeUpload?.();
    mediaIds.push(await uploadImage(origin, ctx, image, settings));
  }
  await options.beforeCreate?.();
  const status = await createStatus(origin, ctx.accessToken, {
    status: part.text,
    mediaIds,
    inReplyToId: part.position > 1 ? part.parent : null,
    idempotencyKey: key,
  });
  return published(origin, ctx, status);
}

/** Text as compared by the lookup: Mastodon keeps the source, line ends and outer spaces aside. */
const sameText = (a: string, b: string) => a.replace(/\r\n/g, "\n").trim() === b.replace(/\r\n/g, "\n").trim();

/**
 * After an uncertain attempt. Within MASTODON_RESEND_WINDOW_MS of the key's making, resending under
 * it is safe (the instance answers the status an earlier attempt made, if one did): "absent" tells
 * the publisher to send, which is the reconciliation. Not `attempt.sentAt`: it moves to each
 * attempt, while the instance's hour runs from the first success. Later (or for a key that does not
 * say its time), the key may be forgotten: the account's statuses since the key (or the attempt)
 * are read, newest first, and one that answers the same parent, with as many images and the same
 * source text, is the part.
 */
async function reconcilePart(ctx: PublishContext, part: PartToSend, attempt: { sentAt: Date; parent: string | null }): Promise<Reconciliation> {
  const keyTime = part.sendKey ? sendKeyTime(part.sendKey) : null;
  if (keyTime !== null && Date.now() - keyTime < MASTODON_RESEND_WINDOW_MS) return { outcome: "absent" };
  const { origin, accountId } = accountOf(ctx.providerUserId);
  const since = Math.min(keyTime ?? Number.POSITIVE_INFINITY, attempt.sentAt.getTime()) - CLOCK_SKEW_MS;
  const parent = part.position > 1 ? attempt.parent : null;
  let maxId: string | undefined;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const statuses = await accountStatuses(origin, ctx.accessToken, accountId, { maxId });
    for (const status of statuses) {
      if (Date.parse(status.created_at) < since) return { outcome: "absent" };
      if (status.in_reply_to_id !== parent || status.media_attachments.length !== part.images.length) continue;
      if (sameText(await statusSource(origin, ctx.accessToken, status.id), part.text)) return { outcome: "found", ...published(origin, ctx, status) };
    }
    if (statuses.length < 40) return { outcome: "absent" };
    maxId = statuses.at(-1)!.id;
  }
  // More statuses since the attempt than the lookup reads: it cannot tell.
  return { outcome: "unknown", checkUrl: `${origin}/@${(ctx.handle ?? "").split("@")[0]}` };
}

async function fetchMetrics(ctx: PublishContext, externalIds: readonly string[]): Promise<Map<string, Metrics>> {
  const { origin } = accountOf(ctx.providerUserId);
  const metrics = new Map<string, Metrics>();
  for (const id of externalIds) {
    const status = await getStatus(origin, ctx.accessToken, id);
    if (!status) continue; // deleted
    metrics.set(id, {
      likes: status.favourites_count,
      reposts: status.reblogs_count,
      replies: status.replies_count,
      // Quotes only from Mastodon 4.5; impressions never.
      quotes: status.quotes_count ?? null,
      impressions: null,
    });
  }
  return metrics;
}

function classifyError(error: unknown, step: "post" | "prepare" = "post"): ErrorClass {
  if (isProviderError(error) && error.kind === "http") {
    const { status, code, operation } = error.details;
    if (code === "instance_refused" || code === "origin_refused") return { kind: "permanent", code };
    if (code === "no_refresh") return { kind: "needs_reconnect", code: "unauthorized" };
    // Still processing: the same part again later (its key unchanged).
    if (code === "media_processing" || (status === 422 && /not finished processing/i.test(error.message)))
      return { kind: "retryable", code: "media_processing" };
    if (code === "too_long" || code === "too_many_images" || code === "image_too_large") return { kind: "permanent", code };
    if (status === 422) return { kind: "permanent", code: /character limit/i.test(error.message) ? "too_long" : "validation_failed" };
    // The status a part answers is gone (deleted, or not visible to the account).
    if (status === 404 && operation === "post") return { kind: "permanent", code: "parent_not_found" };
    if (status === 403) return { kind: "needs_reconnect", code: "forbidden" };
  }
  return classifyCommon(error, step);
}

// ---- The network ---------------------------------------------------------------------------

const perInstance = (): never => {
  throw new Error("Mastodon connects per instance (instances.oauth(instance, app)), not with one OAuth app");
};

export function createMastodonNetwork(options: MastodonNetworkOptions = {}): Network<"mastodon"> {
  const settings = { mediaWaitMs: options.mediaWaitMs ?? 60_000, mediaPollMs: options.mediaPollMs ?? 500 };
  const instances: InstanceConnectDescriptor<"mastodon"> = {
    normaliseInstance: (input) => normaliseInstance(input),
    registerApp: (instance, { redirectUri }) => registerApp(instance, { clientName: getEnv().SITE_NAME, redirectUri, website: getEnv().APP_URL }),
    oauth: instanceOAuth,
    tokensExpire: false,
    networkFor: async (instance) => ({ ...network, ...mastodonRules(await instanceLimits(instance)) }),
    channelLimits: async (instance) => ({ ...(await instanceLimits(instance)) }),
    appIsKnown: (instance, app) => appIsKnown(instance, app),
  };
  const network: Network<"mastodon"> = {
    ...mastodonDefaultRules,
    // No single OAuth app: configured() is false; each instance has its own (instances.oauth).
    oauth: {
      configured: () => false,
      pkce: true,
      rotatingRefresh: false,
      authorizeUrl: perInstance,
      exchangeCode: perInstance,
      refresh: () => Promise.reject(noRefresh()),
      whoami: perInstance,
    },
    instances,
    newSendKey: () => newMastodonSendKey(),
    // Always "lookup": reconcilePart itself says to resend (within the key's hour) or looks.
    reconciliation: () => "lookup",
    publishPart: (ctx, part, publishOptions = {}) => publishPart(ctx, part, publishOptions, settings),
    reconcilePart,
    fetchMetrics,
    classifyError,
  };
  return network;
}

export const mastodonNetwork = createMastodonNetwork();

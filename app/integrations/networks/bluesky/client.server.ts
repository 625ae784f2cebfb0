import { z } from "zod";
import { getEnv } from "~/core/env/env.server";
import { providerFetch, readAnswer, type ProviderCall } from "~/integrations/http.server";
import { isProviderError, ProviderError } from "~/integrations/provider-error";
import { assertPublicOrigin } from "~/integrations/public-origin.server";

// Bluesky (AT Protocol) client: XRPC calls `{pds}/xrpc/{nsid}` through http.server.ts like the
// other networks (its timeout, and its errors turned into ProviderErrors with the XRPC error name as
// code), rather than @atproto/api: nothing more to install or bundle, and every failure is
// classified in one place. Each account lives on its own PDS, named by its DID document.

export interface BlueskySession {
  accessJwt: string;
  refreshJwt: string;
  did: string;
  handle: string;
}

export interface BlobRef {
  $type: "blob";
  ref: { $link: string };
  mimeType: string;
  size: number;
}

export interface StrongRef {
  uri: string;
  cid: string;
}

export interface PostRecord {
  uri: string;
  cid: string;
  value: { text?: string; reply?: { root: StrongRef; parent: StrongRef }; [key: string]: unknown };
}

export const POST_COLLECTION = "app.bsky.feed.post";

const call = (operation: string, service: string, nsid: string, rest: Omit<ProviderCall, "provider" | "operation" | "url"> = {}): ProviderCall => ({
  provider: "bluesky",
  operation,
  url: `${service.replace(/\/+$/, "")}/xrpc/${nsid}`,
  ...rest,
});

// ---- Identity ------------------------------------------------------------------------------

const didDocSchema = z.object({
  id: z.string(),
  service: z.array(z.object({ id: z.string(), type: z.string(), serviceEndpoint: z.string() })).default([]),
});

/** A DID's PDS, from its DID document (did:plc from the PLC directory, did:web from its host). */
const PDS_CACHE_MS = 10 * 60_000;
const pdsCache = new Map<string, { url: string; until: number }>();

/** The origins the operator configured (bsky.social, plc.directory, the AppView; the local PDS in tests). */
function trustedOrigins(): string[] {
  const env = getEnv();
  return [env.BLUESKY_SERVICE_URL, env.BLUESKY_PLC_URL, env.BLUESKY_APPVIEW_URL].map((url) => new URL(url).origin);
}

/**
 * Throws unless the server may call `url`'s origin: a configured service, or https on public
 * addresses. A PDS address comes from a DID document its account wrote, or from the user: calling
 * it is a request on their behalf, never to the server's own network.
 */
export async function assertCallablePds(url: string): Promise<void> {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    throw new ProviderError("bluesky", "http", `Not a PDS address: ${url}`, { status: 400, code: "origin_refused", operation: "identity" });
  }
  await assertPublicOrigin("bluesky", origin, trustedOrigins());
}

export async function pdsOf(did: string): Promise<string> {
  const cached = pdsCache.get(did);
  if (cached && cached.until > Date.now()) return cached.url;
  let url: string;
  if (did.startsWith("did:plc:")) url = `${getEnv().BLUESKY_PLC_URL.replace(/\/+$/, "")}/${encodeURIComponent(did)}`;
  else if (did.startsWith("did:web:")) url = `https://${decodeURIComponent(did.slice("did:web:".length))}/.well-known/did.json`;
  else throw new ProviderError("bluesky", "http", `Not an account's DID: ${did}`, { status: 400, code: "InvalidDid", operation: "identity" });
  await assertCallablePds(url);
  const docCall: ProviderCall = { provider: "bluesky", operation: "identity", url };
  const doc = readAnswer(docCall, await providerFetch(docCall), didDocSchema);
  const pds = doc.service.find((s) => s.id === "#atproto_pds" || s.id === `${did}#atproto_pds`)?.serviceEndpoint;
  if (!pds) throw new ProviderError("bluesky", "http", `The DID document of ${did} names no PDS`, { status: 400, code: "NoPds", operation: "identity" });
  await assertCallablePds(pds);
  pdsCache.set(did, { url: pds, until: Date.now() + PDS_CACHE_MS });
  return pds;
}

/** A handle's DID, as `service` resolves it; null when the handle does not resolve (400 HandleNotFound…). */
export async function resolveHandle(service: string, handle: string): Promise<string | null> {
  const c = call("resolve_handle", service, "com.atproto.identity.resolveHandle", { query: { handle } });
  try {
    return readAnswer(c, await providerFetch(c), z.object({ did: z.string().startsWith("did:") })).did;
  } catch (error) {
    if (isProviderError(error) && error.kind === "http" && error.details.status === 400) return null;
    throw error;
  }
}

// ---- Sessions ------------------------------------------------------------------------------

const sessionSchema = z.object({ accessJwt: z.string().min(1), refreshJwt: z.string().min(1), did: z.string(), handle: z.string() });

/** Signs in with a handle or e-mail and an app password. 401 AuthenticationRequired when wrong. */
export async function createSession(service: string, identifier: string, password: string): Promise<BlueskySession> {
  const c = call("session", service, "com.atproto.server.createSession", { json: { identifier, password } });
  return readAnswer(c, await providerFetch(c), sessionSchema);
}

/** A new pair for a refresh token (the old pair keeps working a while). */
export async function refreshSession(service: string, refreshJwt: string): Promise<BlueskySession> {
  const c = call("refresh", service, "com.atproto.server.refreshSession", { method: "POST", bearer: refreshJwt });
  return readAnswer(c, await providerFetch(c), sessionSchema);
}

export async function getSession(service: string, accessJwt: string): Promise<{ did: string; handle: string }> {
  const c = call("session", service, "com.atproto.server.getSession", { bearer: accessJwt });
  return readAnswer(c, await providerFetch(c), z.object({ did: z.string(), handle: z.string() }));
}

/** The claims of a session token (not verified: only the PDS can, and it does on every call). */
export function jwtClaims(jwt: string): { sub?: string; exp?: number; scope?: string } {
  try {
    const payload = jwt.split(".")[1] ?? "";
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: string; exp?: number; scope?: string };
  } catch {
    return {};
  }
}

// ---- Records -------------------------------------------------------------------------------

export async function uploadBlob(service: string, accessJwt: string, { bytes, mimeType }: { bytes: Uint8Array; mimeType: string }): Promise<BlobRef> {
  const c = call("upload", service, "com.atproto.repo.uploadBlob", { bearer: accessJwt, bytes: { data: bytes, contentType: mimeType } });
  const schema = z.object({ blob: z.object({ $type: z.literal("blob"), ref: z.object({ $link: z.string() }), mimeType: z.string(), size: z.number() }) });
  return readAnswer(c, await providerFetch(c), schema).blob;
}

/** Creates a post under the record key `rkey` (a TID). The same key again answers 500. */
export async function createPost(
  service: string,
  accessJwt: string,
  { repo, rkey, record }: { repo: string; rkey: string; record: object },
): Promise<StrongRef> {
  const c = call("post", service, "com.atproto.repo.createRecord", {
    bearer: accessJwt,
    json: { repo, collection: POST_COLLECTION, rkey, record, validate: true },
  });
  // `creates`: an unreadable 200 may still be a published post.
  return readAnswer(c, await providerFetch(c), z.object({ uri: z.string(), cid: z.string() }), true);
}

/** A post by its record key; null when there is none (400 RecordNotFound). Public: no token. */
export async function getPost(service: string, repo: string, rkey: string): Promise<PostRecord | null> {
  const c = call("lookup", service, "com.atproto.repo.getRecord", { query: { repo, collection: POST_COLLECTION, rkey } });
  try {
    return readAnswer(c, await providerFetch(c), z.object({ uri: z.string(), cid: z.string(), value: z.record(z.string(), z.unknown()) })) as PostRecord;
  } catch (error) {
    if (isProviderError(error) && error.kind === "http" && error.details.code === "RecordNotFound") return null;
    throw error;
  }
}

/** at://did/app.bsky.feed.post/rkey → its parts. */
export function parsePostUri(uri: string): { repo: string; rkey: string } | null {
  const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/.exec(uri);
  return match ? { repo: match[1]!, rkey: match[2]! } : null;
}

export function postUrl(handleOrDid: string, rkey: string): string {
  return `https://bsky.app/profile/${encodeURIComponent(handleOrDid)}/post/${encodeURIComponent(rkey)}`;
}

// ---- Metrics -------------------------------------------------------------------------------

export const BLUESKY_METRICS_BATCH = 25;

export interface BlueskyCounts {
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
}

/**
 * Counts of up to 25 posts by at-uri, from the AppView (public, no token): a PDS alone does not
 * count (it proxies app.bsky.* to the AppView). Deleted posts are left out.
 */
export async function getPostCounts(uris: readonly string[]): Promise<Map<string, BlueskyCounts>> {
  if (uris.length > BLUESKY_METRICS_BATCH) throw new Error(`At most ${BLUESKY_METRICS_BATCH} posts per call`);
  const found = new Map<string, BlueskyCounts>();
  if (uris.length === 0) return found;
  const url = new URL(`${getEnv().BLUESKY_APPVIEW_URL.replace(/\/+$/, "")}/xrpc/app.bsky.feed.getPosts`);
  for (const uri of uris) url.searchParams.append("uris", uri);
  const c: ProviderCall = { provider: "bluesky", operation: "metrics", url: url.toString() };
  const schema = z.object({
    posts: z.array(
      z.object({
        uri: z.string(),
        likeCount: z.number().default(0),
        repostCount: z.number().default(0),
        replyCount: z.number().default(0),
        quoteCount: z.number().default(0),
      }),
    ),
  });
  for (const post of readAnswer(c, await providerFetch(c), schema).posts)
    found.set(post.uri, { likes: post.likeCount, reposts: post.repostCount, replies: post.replyCount, quotes: post.quoteCount });
  return found;
}

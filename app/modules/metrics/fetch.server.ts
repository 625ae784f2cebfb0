import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";
import { logger } from "~/core/logger/logger.server";
import { classifyCommon } from "~/integrations/networks/classify-error";
import { getNetwork } from "~/integrations/networks/registry.server";
import type { Metrics, PublishContext } from "~/integrations/networks/types";
import { isProviderError } from "~/integrations/provider-error";
import { ConnectionUnusable, connectionSelect, refreshAfterRefusal, usableConnection, type ConnectionRow } from "~/modules/connections/access-token.server";
import { getDb } from "~/modules/db/db.server";
import { inSlices, writePartMetrics } from "./part-rows.server";

// Fetching the numbers of some targets from their networks: one call of the network's
// fetchMetrics per channel (it batches the ids as its API allows: 100 a call on X, 25 on Bluesky),
// the parts' numbers stored as they come. Nothing here touches a post's or target's publishing
// state, and a failure writes no number: the last good ones stay, with their time.

/** A target to fetch: its published parts (those with an id on the network). */
export interface TargetToFetch {
  id: string;
  userId: string;
  channelId: string | null;
  network: string;
  publishedAt: Date | null;
  metricsAttempts: number;
  parts: { id: string; externalId: string }[];
}

export type FetchOutcome =
  | { kind: "fetched" }
  /** Nothing can be fetched for it any more (no channel, nothing published): stop its rounds. */
  | { kind: "gone"; code: string }
  /** `retryAt`: when the network says to come back (a rate limit of the channel). */
  | { kind: "failed"; code: string; retryAt: Date | null; rateLimited: boolean };

/** Reads the claimed targets with what fetching them needs. */
export async function readTargetsToFetch(targetIds: string[]): Promise<TargetToFetch[]> {
  const rows: Awaited<ReturnType<typeof readSlice>> = [];
  await inSlices(targetIds, async (slice) => rows.push(...(await readSlice(slice))));
  return rows.map((row) => ({
    id: row.id,
    userId: row.post.userId,
    channelId: row.channelId,
    network: row.network,
    publishedAt: row.delivery?.publishedAt ?? row.parts[0]?.publishedAt ?? null,
    metricsAttempts: row.metricsAttempts,
    parts: row.parts.map((part) => ({ id: part.id, externalId: part.externalId! })),
  }));
}

function readSlice(targetIds: string[]) {
  return getDb().postTarget.findMany({
    where: { id: { in: targetIds } },
    select: {
      id: true,
      channelId: true,
      network: true,
      metricsAttempts: true,
      post: { select: { userId: true } },
      delivery: { select: { publishedAt: true } },
      parts: {
        where: { status: "published", externalId: { not: null } },
        orderBy: { position: "asc" },
        select: { id: true, externalId: true, publishedAt: true },
      },
    },
  });
}

export interface FetchOptions {
  now?: Date;
  /** Network calls at once (a channel's targets are fetched in chunks of about one call each). */
  concurrency?: number;
  /** Channels not to call before the time given (a rate limit this process knows of): their targets fail as rate limited. */
  blockedUntil?: (channelId: string) => Date | null;
}

/** Fetches the targets' numbers, one network call per channel; each target's outcome by id. */
export async function fetchTargets(targets: TargetToFetch[], options: FetchOptions = {}): Promise<Map<string, FetchOutcome>> {
  const outcomes = new Map<string, FetchOutcome>();
  const byChannel = new Map<string, TargetToFetch[]>();
  for (const target of targets) {
    if (!target.channelId) outcomes.set(target.id, { kind: "gone", code: "channel_removed" });
    else if (target.parts.length === 0) outcomes.set(target.id, { kind: "gone", code: "nothing_published" });
    else byChannel.set(target.channelId, [...(byChannel.get(target.channelId) ?? []), target]);
  }
  const channels = byChannel.size ? await getDb().channel.findMany({ where: { id: { in: [...byChannel.keys()] } }, select: connectionSelect }) : [];
  // A channel's targets in chunks of about one call's worth of ids, fetched side by side.
  const groups = [...byChannel.entries()].flatMap(([channelId, channelTargets]) => chunkByParts(channelTargets).map((chunk) => [channelId, chunk] as const));
  const worker = async () => {
    for (let group = groups.shift(); group; group = groups.shift()) {
      const [channelId, channelTargets] = group;
      const channel = channels.find((c) => c.id === channelId) ?? null;
      const outcome = await fetchChannel(channel, channelTargets, options);
      for (const target of channelTargets) outcomes.set(target.id, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, groups.length)) }, worker));
  return outcomes;
}

/** Calls in flight at once (one per channel chunk). */
const DEFAULT_CONCURRENCY = 16;
/** Parts per chunk: X's most ids a call (other networks split further themselves). */
const PARTS_PER_CHUNK = 100;

function chunkByParts(targets: TargetToFetch[]): TargetToFetch[][] {
  const chunks: TargetToFetch[][] = [];
  let current: TargetToFetch[] = [];
  let parts = 0;
  for (const target of targets) {
    if (current.length > 0 && parts + target.parts.length > PARTS_PER_CHUNK) {
      chunks.push(current);
      current = [];
      parts = 0;
    }
    current.push(target);
    parts += target.parts.length;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

async function fetchChannel(channel: ConnectionRow | null, targets: TargetToFetch[], options: FetchOptions): Promise<FetchOutcome> {
  if (!channel) return { kind: "gone", code: "channel_removed" };
  const blocked = options.blockedUntil?.(channel.id);
  if (blocked && blocked.getTime() > (options.now ?? new Date()).getTime())
    return { kind: "failed", code: "rate_limited", retryAt: blocked, rateLimited: true };
  const network = channel.network as NetworkId;
  try {
    const connection = await usableConnection(targets[0]!.userId, network, channel);
    const ctx: PublishContext = {
      accessToken: connection.accessToken,
      refreshAccessToken: () => refreshAfterRefusal(connection.id, ctx.accessToken),
      providerUserId: connection.providerUserId,
      handle: connection.handle,
      ...(connection.kind === "member" || connection.kind === "account" || connection.kind === "page" ? { kind: connection.kind } : {}),
    };
    const parts = targets.flatMap((target) => target.parts);
    const fetched = await getNetwork(network).fetchMetrics(
      ctx,
      parts.map((part) => part.externalId),
    );
    const found: { id: string; metrics: Metrics }[] = [];
    // A part the network no longer knows (deleted there) keeps its last numbers.
    for (const part of parts) {
      const metrics = fetched.get(part.externalId);
      if (metrics) found.push({ id: part.id, metrics });
    }
    await writePartMetrics(found, new Date());
    return { kind: "fetched" };
  } catch (error) {
    const outcome = failureOf(error);
    logger.warn({ channelId: channel.id, network, code: outcome.code, err: error instanceof Error ? error.message : String(error) }, "Could not fetch metrics");
    return outcome;
  }
}

/** What a failed fetch means for when to try again: a rate limit says when; anything else backs off. */
export function failureOf(error: unknown): Extract<FetchOutcome, { kind: "failed" }> {
  if (error instanceof ConnectionUnusable) return { kind: "failed", code: error.reason, retryAt: null, rateLimited: false };
  if (!isProviderError(error)) return { kind: "failed", code: "internal", retryAt: null, rateLimited: false };
  const verdict = isNetworkId(error.provider) ? getNetwork(error.provider).classifyError(error, "prepare") : classifyCommon(error, "prepare");
  const rateLimited = error.details.status === 429 || verdict.code === "rate_limited";
  return { kind: "failed", code: verdict.code, retryAt: verdict.retryAt ?? error.details.retryAt ?? null, rateLimited };
}

import type { Tx } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { isPlatform, LEGACY_TEXT_FIELD, NETWORK_IDS, PLATFORMS, serializeNetworks, type NetworkId, type Platform } from "~/core/platforms/platforms";
import { parseMediaIds } from "./part-media";
import type { Actor } from "~/modules/workspaces/owner";

// A post's targets and parts are written here and only here, together with what the version 1
// fields derive from them (docs/decisions/0047): platforms (the networks targeted, every network:
// version 1 reads it through parsePlatforms, which keeps its pair; decision 56) and
// linkedinText / twitterText (part 1 of the first target of each network; for a network no target
// names, the text last written for it, so that unticking a network and ticking it again loses nothing).

export interface PartInput {
  text: string;
  /** The post's images shown with this part, in order (images named by no part go with part 1). */
  mediaIds?: string[];
}

export interface TargetInput {
  /** null: no channel of the network yet (a draft written before connecting), or removed since. */
  channelId: string | null;
  network: NetworkId;
  parts: PartInput[];
}

/** A channel a post can target, as the writer needs to know it. */
export interface ChannelRef {
  id: string;
  network: NetworkId;
}

/** The version 1 fields of a post: one text per network, and the networks chosen. */
export interface LegacyContent {
  platforms?: Platform[];
  linkedinText?: string;
  twitterText?: string;
}

const LEGACY_TEXT = LEGACY_TEXT_FIELD satisfies Record<Platform, keyof LegacyContent>;

/** The texts last written for each network, kept for networks no target names. */
export type KeptTexts = Pick<LegacyContent, "linkedinText" | "twitterText">;

/** The version 1 fields as the targets say them. */
export function legacyFields(targets: readonly TargetInput[], kept: KeptTexts = {}): { platforms: string; linkedinText: string; twitterText: string } {
  const firstText = (network: Platform) => {
    const target = targets.find((candidate) => candidate.network === network);
    return target ? (target.parts[0]?.text ?? "") : (kept[LEGACY_TEXT[network]] ?? "");
  };
  return {
    platforms: serializeNetworks(targets.map((target) => target.network)),
    linkedinText: firstText("linkedin"),
    twitterText: firstText("twitter"),
  };
}

/**
 * The targets a version 1 change makes of a post's current ones: one target per named network (the
 * first existing target of it, or a new one on the user's first channel of the network), other
 * version 1 networks' targets removed, and the given texts as part 1 of the first target of their
 * network. Further parts and further targets of a named network, and the targets of networks version
 * 1 cannot name (decision 56), are kept as they are.
 */
export function applyLegacyContent(
  current: readonly TargetInput[],
  change: LegacyContent,
  channels: readonly ChannelRef[],
  kept: KeptTexts = {},
): TargetInput[] {
  const networks = change.platforms ?? PLATFORMS.filter((network) => current.some((target) => target.network === network));
  // A target made before its network was connected (no channel) takes the channel connected since.
  const used = new Set(current.flatMap((target) => (target.channelId ? [target.channelId] : [])));
  const targets = current
    .filter((target) => !isPlatform(target.network) || networks.includes(target.network))
    .map((target) => {
      if (target.channelId) return target;
      const channel = channels.find((candidate) => candidate.network === target.network && !used.has(candidate.id));
      if (channel) used.add(channel.id);
      return channel ? { ...target, channelId: channel.id } : target;
    });
  for (const network of networks) {
    if (targets.some((target) => target.network === network)) continue;
    const channel = channels.find((candidate) => candidate.network === network);
    targets.push({ channelId: channel?.id ?? null, network, parts: [{ text: kept[LEGACY_TEXT[network]] ?? "" }] });
  }
  const ordered = [...targets].sort((a, b) => NETWORK_IDS.indexOf(a.network) - NETWORK_IDS.indexOf(b.network));
  return ordered.map((target) => {
    if (!isPlatform(target.network)) return target;
    const text = change[LEGACY_TEXT[target.network]];
    const first = ordered.find((candidate) => candidate.network === target.network) === target;
    if (!first || text === undefined) return target;
    const [head, ...rest] = target.parts.length > 0 ? target.parts : [{ text: "" }];
    return { ...target, parts: [{ ...head, text }, ...rest] };
  });
}

interface StoredPart {
  id: string;
  position: number;
  text: string;
  mediaIds: string;
  status: string;
}

interface StoredTarget {
  id: string;
  channelId: string | null;
  network: string;
  position: number;
  parts: StoredPart[];
}

const serializeIds = (ids: readonly string[] | undefined) => (ids ?? []).join(",");

/** The stored targets as writer inputs. */
export function toTargetInputs(targets: readonly StoredTarget[]): TargetInput[] {
  return [...targets]
    .sort((a, b) => a.position - b.position)
    .map((target) => ({
      channelId: target.channelId,
      network: target.network as NetworkId,
      parts: [...target.parts].sort((a, b) => a.position - b.position).map((part) => ({ text: part.text, mediaIds: parseMediaIds(part.mediaIds) })),
    }));
}

const partPublishedError = () => new AppError("post_published", "posts.errors.alreadyPublished");

/**
 * Replaces a post's targets with `targets`, in place where it can: a target keeps its row (and its
 * delivery, attempts and published parts) when the same channel and network stay at some position.
 * A part already published keeps its text (changing it answers 409: it is live as it was sent);
 * a target with a published part is never removed. The version 1 fields are written with them.
 */
export async function writeTargets(tx: Tx, postId: string, targets: readonly TargetInput[], kept: KeptTexts = {}): Promise<void> {
  const stored = await tx.postTarget.findMany({
    where: { postId },
    include: { parts: true, delivery: { select: { status: true } } },
    orderBy: { position: "asc" },
  });
  const matched = new Map<number, StoredTarget>();
  const free = [...stored];
  targets.forEach((target, index) => {
    const at = free.findIndex((candidate) => candidate.network === target.network && candidate.channelId === target.channelId);
    const [row] = at >= 0 ? free.splice(at, 1) : [];
    if (row) matched.set(index, row);
  });
  const live = (target: StoredTarget & { delivery: { status: string } | null }) =>
    target.parts.some((part) => part.status === "published" || part.status === "unknown") ||
    target.delivery?.status === "published" ||
    target.delivery?.status === "publishing";
  const removed = free.filter((target) => !live(target));
  const keptLive = free.filter(live);
  if (removed.length > 0) await tx.postTarget.deleteMany({ where: { id: { in: removed.map((target) => target.id) } } });
  // Positions are unique per post: park every kept row out of the way, then number them in order.
  const final = [...targets.map((target, index) => ({ input: target, row: matched.get(index) })), ...keptLive.map((row) => ({ input: null, row }))];
  const parked = final.flatMap(({ row }) => (row ? [row.id] : []));
  for (const [offset, id] of parked.entries()) await tx.postTarget.update({ where: { id }, data: { position: -1 - offset } });
  for (const [index, { input, row }] of final.entries()) {
    const position = index + 1;
    if (!input && row) {
      await tx.postTarget.update({ where: { id: row.id }, data: { position } });
      continue;
    }
    if (!input) continue;
    if (!row) {
      await tx.postTarget.create({
        data: {
          postId,
          channelId: input.channelId,
          network: input.network,
          position,
          parts: { create: input.parts.map((part, at) => ({ position: at + 1, text: part.text, mediaIds: serializeIds(part.mediaIds) })) },
        },
      });
      continue;
    }
    await tx.postTarget.update({ where: { id: row.id }, data: { position } });
    await writeParts(tx, row, input.parts);
  }
  const networks = final.map(
    ({ input, row }) => input ?? { channelId: row?.channelId ?? null, network: row?.network as NetworkId, parts: row ? partsOf(row) : [] },
  );
  await tx.post.update({ where: { id: postId }, data: legacyFields(networks, kept) });
}

function partsOf(row: StoredTarget): PartInput[] {
  return [...row.parts].sort((a, b) => a.position - b.position).map((part) => ({ text: part.text, mediaIds: parseMediaIds(part.mediaIds) }));
}

async function writeParts(tx: Tx, row: StoredTarget, parts: readonly PartInput[]): Promise<void> {
  const byPosition = new Map(row.parts.map((part) => [part.position, part]));
  for (const [index, part] of parts.entries()) {
    const existing = byPosition.get(index + 1);
    const mediaIds = serializeIds(part.mediaIds);
    if (!existing) {
      await tx.postPart.create({ data: { targetId: row.id, position: index + 1, text: part.text, mediaIds } });
      continue;
    }
    if (existing.text === part.text && existing.mediaIds === mediaIds) continue;
    if (existing.status === "published" || existing.status === "unknown") throw partPublishedError();
    await tx.postPart.update({ where: { id: existing.id }, data: { text: part.text, mediaIds } });
  }
  const extra = row.parts.filter((part) => part.position > parts.length);
  if (extra.some((part) => part.status === "published" || part.status === "unknown")) throw partPublishedError();
  if (extra.length > 0) await tx.postPart.deleteMany({ where: { id: { in: extra.map((part) => part.id) } } });
}

/** A new post written in a batch with others (insertNewPosts): its id is chosen beforehand (newRecordId). */
export interface NewPostRows {
  id: string;
  status: "draft" | "scheduled";
  scheduledAt: Date | null;
  targets: readonly (TargetInput & { id: string })[];
}

/**
 * Writes new posts, their targets and parts as writeTargets would write each (the version 1 fields
 * included), in three statements whatever their number (the CSV import, inside its transaction).
 */
export async function insertNewPosts(tx: Tx, actor: Actor, posts: readonly NewPostRows[]): Promise<void> {
  if (posts.length === 0) return;
  await tx.post.createMany({
    data: posts.map((post) => ({
      id: post.id,
      userId: actor.userId,
      workspaceId: actor.workspaceId,
      status: post.status,
      scheduledAt: post.scheduledAt,
      source: "manual",
      ...legacyFields(post.targets),
    })),
  });
  const targets = posts.flatMap((post) => post.targets.map((target, index) => ({ postId: post.id, target, position: index + 1 })));
  await tx.postTarget.createMany({
    data: targets.map(({ postId, target, position }) => ({ id: target.id, postId, channelId: target.channelId, network: target.network, position })),
  });
  await tx.postPart.createMany({
    data: targets.flatMap(({ target }) =>
      target.parts.map((part, at) => ({ targetId: target.id, position: at + 1, text: part.text, mediaIds: serializeIds(part.mediaIds) })),
    ),
  });
}

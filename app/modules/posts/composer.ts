import { isPlatform, type NetworkId } from "~/core/platforms/platforms";
import type { ChannelLimits } from "~/modules/networks/rules";
import { splitAtLimit } from "./split-parts";
import { limitsOf } from "./target-rules";

// The thread composer's buttons as plain form intents ("add-part:0", "move-up:1:2"): the server
// applies them to the submitted targets, so every button works without JavaScript. Client-safe.

export interface DraftPart {
  text: string;
  imageIds: string[];
}

export interface DraftTarget {
  channelId: string;
  network: NetworkId;
  /** The channel's limits where its network's differ by channel (decision 57). */
  limits?: ChannelLimits | null;
  parts: DraftPart[];
}

export type ComposerIntent =
  | { kind: "save" }
  | { kind: "continue" }
  | { kind: "add-part"; target: number }
  | { kind: "remove-part" | "move-up" | "move-down" | "split"; target: number; part: number };

const PART_KINDS = ["remove-part", "move-up", "move-down", "split"] as const;

/** The intent a submit button names, or null for one the composer does not know. */
export function parseComposerIntent(value: unknown): ComposerIntent | null {
  if (value === "parts-save") return { kind: "save" };
  if (value === "parts-continue") return { kind: "continue" };
  if (typeof value !== "string") return null;
  const [kind, ...numbers] = value.split(":");
  const indexes = numbers.map((n) => (/^\d{1,3}$/.test(n) ? Number(n) : NaN));
  if (indexes.some(Number.isNaN)) return null;
  if (kind === "add-part" && indexes.length === 1) return { kind, target: indexes[0]! };
  const partKind = PART_KINDS.find((candidate) => candidate === kind);
  if (partKind && indexes.length === 2) return { kind: partKind, target: indexes[0]!, part: indexes[1]! };
  return null;
}

/** Whether the intent names a composer button (the review step also has the version 1 form). */
export function isComposerIntent(value: unknown): boolean {
  return parseComposerIntent(value) !== null;
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

function changeParts(target: DraftTarget, intent: ComposerIntent): DraftPart[] {
  const { parts } = target;
  const limits = limitsOf(target.network, target.limits);
  switch (intent.kind) {
    case "add-part":
      return parts.length < limits.maxParts ? [...parts, { text: "", imageIds: [] }] : parts;
    case "remove-part":
      return parts.length > 1 ? parts.filter((_, p) => p !== intent.part) : parts;
    case "move-up":
      return move(parts, intent.part, intent.part - 1);
    case "move-down":
      return move(parts, intent.part, intent.part + 1);
    case "split": {
      const part = parts[intent.part];
      if (!part) return parts;
      // The images stay with the first piece; the others start without.
      const pieces = splitAtLimit(target.network, part.text, target.limits).map((text, i) => ({ text, imageIds: i === 0 ? part.imageIds : [] }));
      return [...parts.slice(0, intent.part), ...pieces, ...parts.slice(intent.part + 1)];
    }
    default:
      return parts;
  }
}

/**
 * The targets once the intent is applied. A part that cannot carry images (a LinkedIn first
 * comment) loses them, so a moved part never takes its images where they are refused.
 */
export function applyComposerIntent(targets: readonly DraftTarget[], intent: ComposerIntent): DraftTarget[] {
  return targets.map((target, t) => {
    const parts = "target" in intent && intent.target === t ? changeParts(target, intent) : target.parts;
    const imagesAfterFirst = limitsOf(target.network, target.limits).imagesAfterFirstPart;
    return { ...target, parts: parts.map((part, p) => (p > 0 && !imagesAfterFirst ? { ...part, imageIds: [] } : part)) };
  });
}

/** A field key of the service's errors (targets.0.parts.2.text) as the form names it (targets[0].parts[2].text). */
export function formFieldName(key: string): string {
  return key.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

/** Whether some network has several of these channels (the first step then picks accounts). */
export function severalPerNetwork(channels: readonly { network: string }[]): boolean {
  return new Set(channels.map((channel) => channel.network)).size < channels.length;
}

/**
 * Whether the wizard works by accounts and parts rather than by the version 1 fields (one text per
 * LinkedIn / X): some network has several of these channels or targets, or one is of a network the
 * version 1 fields cannot name (Bluesky, decision 56).
 */
export function composesByChannel(channels: readonly { network: string }[]): boolean {
  return severalPerNetwork(channels) || channels.some((channel) => !isPlatform(channel.network));
}

// The one-screen composer (/compose) writes one thread for every chosen account: each network shows
// it its way (a thread; on LinkedIn the post and its first comment). A line holding only `---`
// starts a new part, so a thread typed or pasted in one go arrives as its parts.

const DIVIDER = /^[ \t]*---[ \t]*$/m;

/** Whether a text holds a `---` line (the composer then splits it). */
export function hasDivider(text: string): boolean {
  return DIVIDER.test(text);
}

/** A text cut at its `---` lines, each piece trimmed; empty pieces kept (the one being typed into). */
export function splitTextAtDividers(text: string): string[] {
  return text.split(new RegExp(DIVIDER.source, "gm")).map((piece) => piece.trim());
}

/**
 * The parts with each one cut at its `---` lines; empty pieces go, at least one part stays. A part's
 * images stay with its first piece.
 */
export function splitAtDividers(parts: readonly DraftPart[]): DraftPart[] {
  const pieces = parts.flatMap((part) => {
    if (!hasDivider(part.text)) return [part];
    const texts = splitTextAtDividers(part.text).filter((text) => text !== "");
    return texts.length ? texts.map((text, i) => ({ text, imageIds: i === 0 ? part.imageIds : [] })) : [{ text: "", imageIds: part.imageIds }];
  });
  const kept = pieces.filter((part, i) => i === 0 || part.text !== "" || part.imageIds.length > 0);
  return kept.length ? kept : [{ text: "", imageIds: [] }];
}

/** Parts as one text with `---` lines between them (what splitAtDividers reads back). */
export function joinAtDividers(parts: readonly DraftPart[]): string {
  return parts.map((part) => part.text).join("\n\n---\n\n");
}

/** The shared parts as one network takes them: images only where its later parts may carry some. */
export function partsForNetwork(network: NetworkId, limits: ChannelLimits | null | undefined, parts: readonly DraftPart[]): DraftPart[] {
  const imagesAfterFirst = limitsOf(network, limits).imagesAfterFirstPart;
  return parts.map((part, p) => (p > 0 && !imagesAfterFirst ? { ...part, imageIds: [] } : { ...part }));
}

/**
 * The one thread every target holds (as its network takes it), or null when some account says
 * something of its own: the one-screen composer cannot show that, the per-account editor can.
 */
export function sharedParts(targets: readonly DraftTarget[]): DraftPart[] | null {
  if (targets.length === 0) return null;
  // The fullest target (a network that keeps images on every part) speaks for all.
  const source = targets.find((target) => limitsOf(target.network, target.limits).imagesAfterFirstPart) ?? targets[0]!;
  const same = (a: readonly DraftPart[], b: readonly DraftPart[]) =>
    a.length === b.length && a.every((part, p) => part.text === b[p]?.text && part.imageIds.join(",") === b[p]?.imageIds.join(","));
  return targets.every((target) => same(target.parts, partsForNetwork(target.network, target.limits, source.parts)))
    ? source.parts.map((part) => ({ ...part }))
    : null;
}

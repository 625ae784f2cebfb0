// A target's numbers from its parts' (a thread's or a post and its first comment): each number the
// sum of the parts that have it, null only when none has it (the network does not give it: never 0
// for "unknown"); fetchedAt the latest part's. Null until a part was fetched at all.

export interface MetricNumbers {
  likes: number | null;
  reposts: number | null;
  replies: number | null;
  quotes: number | null;
  impressions: number | null;
}

export interface FetchedMetrics extends MetricNumbers {
  fetchedAt: string;
}

export const METRIC_NAMES = ["likes", "reposts", "replies", "quotes", "impressions"] as const;

export type StoredPartMetrics = MetricNumbers & { metricsFetchedAt: Date | null };

export function partMetrics(part: StoredPartMetrics): FetchedMetrics | null {
  if (!part.metricsFetchedAt) return null;
  const { likes, reposts, replies, quotes, impressions } = part;
  return { likes, reposts, replies, quotes, impressions, fetchedAt: part.metricsFetchedAt.toISOString() };
}

export function sumMetrics(parts: readonly StoredPartMetrics[]): FetchedMetrics | null {
  const fetched = parts.filter((part) => part.metricsFetchedAt);
  if (fetched.length === 0) return null;
  const sum = (name: (typeof METRIC_NAMES)[number]) =>
    fetched.reduce<number | null>((total, part) => (part[name] === null ? total : (total ?? 0) + part[name]), null);
  const latest = Math.max(...fetched.map((part) => part.metricsFetchedAt!.getTime()));
  return {
    likes: sum("likes"),
    reposts: sum("reposts"),
    replies: sum("replies"),
    quotes: sum("quotes"),
    impressions: sum("impressions"),
    fetchedAt: new Date(latest).toISOString(),
  };
}

/** A part or target never fetched, as their rows read (a preview of targets not yet written). */
export const UNFETCHED_PART = { likes: null, reposts: null, replies: null, quotes: null, impressions: null, metricsFetchedAt: null };
export const UNFETCHED_TARGET = {
  metricsDueAt: null,
  metricsRound: 0,
  metricsLeaseOwner: null,
  metricsLeaseUntil: null,
  metricsRefreshedAt: null,
  metricsAttempts: 0,
  metricsErrorCode: null,
  metricsErrorAt: null,
};

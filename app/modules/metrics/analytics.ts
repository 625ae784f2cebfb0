// What the analytics page shows (analytics.server.ts reads it), and the pure maths shared by server
// and page. Engagement is likes + reposts + replies + quotes: null when the network gives none of them.

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Below this many posts with numbers, the best hours say there is too little to tell. */
export const MIN_POSTS_FOR_HOURS = 5;
/** An hour is named the best only with at least this many posts: one lucky post says nothing. */
export const MIN_POSTS_FOR_BEST_HOUR = 2;

export interface EngagementNumbers {
  likes: number | null;
  reposts: number | null;
  replies: number | null;
  quotes: number | null;
}

export function engagementOf(numbers: EngagementNumbers): number | null {
  const known = [numbers.likes, numbers.reposts, numbers.replies, numbers.quotes].filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
}

export interface ChannelTotals extends EngagementNumbers {
  /** The channel's id, or "removed-<network>" for the posts of a channel since removed. */
  key: string;
  channelId: string | null;
  network: string;
  name: string;
  handle: string | null;
  /** Posts published on it in the period. */
  posts: number;
  impressions: number | null;
  /** Whether any of its parts' numbers were fetched yet. */
  fetched: boolean;
}

export interface TimeBucket {
  /** The bucket's first local day, "YYYY-MM-DD". */
  start: string;
  /** Engagement per channel key, for the channels with posts in it (null: the network gives none). */
  engagement: Record<string, number | null>;
  posts: number;
}

export interface BestPost extends EngagementNumbers {
  id: string;
  text: string;
  platforms: string[];
  publishedAt: string;
  impressions: number | null;
  engagement: number;
}

export interface BestHour {
  /** 0–23 in the user's zone. */
  hour: number;
  posts: number;
  average: number;
}

export interface PostAnalytics {
  days: AnalyticsPeriod;
  timeZone: string;
  since: string;
  channels: ChannelTotals[];
  buckets: TimeBucket[];
  bucketSize: "day" | "week";
  bestPosts: BestPost[];
  /** `best`: the hour with the highest average among those with MIN_POSTS_FOR_BEST_HOUR posts, when there are enough posts at all. */
  bestHours: { hours: BestHour[]; posts: number; enough: boolean; best: BestHour | null };
  /** The chart and hours read only the latest ANALYTICS_TARGET_LIMIT targets. */
  truncated: boolean;
}

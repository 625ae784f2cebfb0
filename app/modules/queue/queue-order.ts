// Pure: how "shuffle" and "move to top" re-deal the times queued posts hold (docs/decisions/0070).

/** A queued post: scheduled at a slot time of every one of its channels, at least a minute ahead. */
export interface QueuedPost {
  id: string;
  channelIds: readonly string[];
  /** Its time, in ms. */
  at: number;
}

/** Posts with the same channels (in any order) trade times with each other, and only with each other. */
export function channelSetKey(channelIds: readonly string[]): string {
  return [...new Set(channelIds)].sort().join(",");
}

function byChannelSet(posts: readonly QueuedPost[]): Map<string, QueuedPost[]> {
  const groups = new Map<string, QueuedPost[]>();
  for (const post of posts) {
    const key = channelSetKey(post.channelIds);
    groups.set(key, [...(groups.get(key) ?? []), post]);
  }
  return groups;
}

const byTime = (a: QueuedPost, b: QueuedPost) => a.at - b.at || a.id.localeCompare(b.id);

/**
 * Each channel set's posts take the times that set's posts hold, dealt at random (Fisher-Yates with
 * `random`). Every time stays held by exactly one post of the set, so no channel gets two posts at
 * one time. A deal that changes nothing is drawn again (a few times), so that "Shuffle" visibly
 * shuffles whenever it can. Answers only the posts whose time changes.
 */
export function shuffledTimes(posts: readonly QueuedPost[], random: () => number = Math.random): Map<string, number> {
  const moves = new Map<string, number>();
  for (const group of byChannelSet(posts).values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort(byTime);
    let times = sorted.map((post) => post.at);
    for (let attempt = 0; attempt < 8; attempt++) {
      times = sorted.map((post) => post.at);
      for (let i = times.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [times[i], times[j]] = [times[j]!, times[i]!];
      }
      if (times.some((at, i) => at !== sorted[i]!.at)) break;
    }
    sorted.forEach((post, i) => {
      if (times[i] !== post.at) moves.set(post.id, times[i]!);
    });
  }
  return moves;
}

/**
 * "Move to top": the post takes the earliest time its channel set's posts hold, and each post of
 * the set before it moves to the next of those times (the last one to the post's old time). Null
 * when the post is not among `posts` (not queued); an empty map when it is first already.
 */
export function movedToTopTimes(posts: readonly QueuedPost[], postId: string): Map<string, number> | null {
  const post = posts.find((candidate) => candidate.id === postId);
  if (!post) return null;
  const key = channelSetKey(post.channelIds);
  const ahead = posts.filter((other) => channelSetKey(other.channelIds) === key && byTime(other, post) < 0).sort(byTime);
  const moves = new Map<string, number>();
  if (ahead.length === 0) return moves;
  moves.set(post.id, ahead[0]!.at);
  ahead.forEach((other, i) => moves.set(other.id, (ahead[i + 1] ?? post).at));
  return moves;
}

import { describe, expect, it } from "vitest";
import { channelSetKey, movedToTopTimes, shuffledTimes, type QueuedPost } from "./queue-order";

const post = (id: string, at: number, channelIds: string[] = ["a"]): QueuedPost => ({ id, channelIds, at });
/** A fixed sequence of "random" numbers, so a deal is known in advance. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe("channelSetKey", () => {
  it("names a set of channels whatever their order or repeats", () => {
    expect(channelSetKey(["b", "a", "b"])).toBe(channelSetKey(["a", "b"]));
    expect(channelSetKey(["a"])).not.toBe(channelSetKey(["a", "b"]));
  });
});

describe("shuffledTimes", () => {
  it("deals a channel set's own times among its posts, each time to one post", () => {
    const posts = [post("p1", 100), post("p2", 200), post("p3", 300), post("p4", 400)];
    const moves = shuffledTimes(posts, Math.random);
    const after = posts.map((p) => moves.get(p.id) ?? p.at);
    expect([...after].sort((x, y) => x - y)).toEqual([100, 200, 300, 400]);
    expect(moves.size).toBeGreaterThan(0);
  });

  it("never trades times between posts of different channel sets", () => {
    const posts = [post("a1", 100, ["a"]), post("ab1", 200, ["a", "b"]), post("a2", 300, ["a"]), post("ab2", 400, ["b", "a"])];
    const moves = shuffledTimes(posts, sequence(0));
    expect(new Set([moves.get("a1"), moves.get("a2")])).toEqual(new Set([300, 100]));
    expect(new Set([moves.get("ab1"), moves.get("ab2")])).toEqual(new Set([400, 200]));
  });

  it("leaves a lone post of its channels where it is, and draws again a deal that changes nothing", () => {
    expect(shuffledTimes([post("p1", 100), post("b", 50, ["b"])], sequence(0.1)).size).toBe(0);
    // 0.99 first keeps every post in place; the next draw (0) swaps them.
    const moves = shuffledTimes([post("p1", 100), post("p2", 200)], sequence(0.99, 0));
    expect(moves).toEqual(
      new Map([
        ["p1", 200],
        ["p2", 100],
      ]),
    );
  });
});

describe("movedToTopTimes", () => {
  const queue = [post("p1", 100), post("p2", 200), post("x", 250, ["a", "b"]), post("p3", 300), post("p4", 400)];

  it("gives the post the first time of its channel set and moves each one before it one place later", () => {
    expect(movedToTopTimes(queue, "p3")).toEqual(
      new Map([
        ["p3", 100],
        ["p1", 200],
        ["p2", 300],
      ]),
    );
  });

  it("changes nothing for the first post, and answers null for a post not in the queue", () => {
    expect(movedToTopTimes(queue, "p1")).toEqual(new Map());
    expect(movedToTopTimes(queue, "x")).toEqual(new Map());
    expect(movedToTopTimes(queue, "nope")).toBeNull();
  });
});

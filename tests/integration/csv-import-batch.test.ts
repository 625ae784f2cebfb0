import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { isAppError } from "~/modules/errors/app-error";
import { importPostsCsv } from "~/modules/post-import/csv-import.server";
import { FREE_SCHEDULED_POSTS_PER_MONTH } from "~/modules/subscriptions/plan-limits";
import type * as PlanLimit from "~/modules/posts/plan-limit.server";
import { turnBillingOff, turnBillingOn } from "./billing-switch";
import { planUser, YEAR } from "./plan-limits-support";

// The CSV import's posts are made in one transaction (docs/decisions/0071-csv-import-page.md):
// hundreds at once, nothing left when a write fails half way, and the free plan's monthly limit
// held when two imports of one user run at the same time.

// A write failing half way: the hook runs just before the transaction (a channel removed then
// makes the targets' insert fail after the posts' one went through).
const beforeWriting = vi.hoisted(() => ({ hook: null as null | (() => Promise<void>) }));
vi.mock("~/modules/posts/plan-limit.server", async (importOriginal) => {
  const original = await importOriginal<typeof PlanLimit>();
  return {
    ...original,
    scheduledPostLimitApplies: async (userId: string) => {
      await beforeWriting.hook?.();
      return original.scheduledPostLimitApplies(userId);
    },
  };
});

beforeEach(() => {
  beforeWriting.hook = null;
});

async function importer(timezone = "Europe/Paris") {
  const user = await planUser("none", timezone);
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { network: "asc" } });
  const [linkedin, x] = channels;
  return {
    user,
    linkedin: linkedin!.id,
    x: x!.id,
    counts: async () => ({
      posts: await getDb().post.count({ where: { userId: user.id } }),
      targets: await getDb().postTarget.count({ where: { post: { userId: user.id } } }),
      deliveries: await getDb().delivery.count({ where: { post: { userId: user.id } } }),
    }),
  };
}

const csv = (rows: string[]) => ["text,channels,scheduled_at", ...rows].join("\n");

describe("importing in one transaction", () => {
  it("makes 500 rows (drafts, times, queued, threads) with their targets, parts and deliveries, in file order", { timeout: 60_000 }, async () => {
    const c = await importer();
    const slots = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
      ["09:00", "18:00"].map((time) => ({ userId: c.user.id, workspaceId: c.user.id, channelId: null, weekday, time })),
    );
    await getDb().queueSlot.createMany({ data: slots });
    const rows = Array.from({ length: 500 }, (_, i) => {
      const day = String(1 + (i % 28)).padStart(2, "0");
      switch (i % 4) {
        case 0:
          return `Draft ${i},,draft`;
        case 1:
          return `"Thread ${i}\n---\nsecond part",${c.x},${YEAR}-03-${day} 10:00`;
        case 2:
          return `Queued ${i},${c.linkedin}|${c.x},`;
        default:
          return `At ${i},${c.linkedin},${YEAR}-04-${day}T08:00:00Z`;
      }
    });
    const posts = await importPostsCsv({ actor: c.user.id, timezone: c.user.timezone }, csv(rows));
    expect(posts).toHaveLength(500);
    expect(posts.map((post) => post.targets[0]!.parts[0]!.text.split("\n")[0])).toEqual(rows.map((row) => row.replace(/^"/, "").split(/[,\n]/)[0]));
    expect(posts[1]!.targets[0]!.parts.map((part) => part.text)).toEqual([`Thread 1`, "second part"]);
    expect(posts[1]!.scheduledAt?.toISOString()).toBe(`${YEAR}-03-02T09:00:00.000Z`);
    // Queued rows take successive free slots, each different.
    const queued = posts.filter((_, i) => i % 4 === 2).map((post) => post.scheduledAt!.getTime());
    expect(new Set(queued).size).toBe(125);
    expect([...queued].sort((a, b) => a - b)).toEqual(queued);
    expect(posts.filter((post) => post.status === "scheduled")).toHaveLength(375);
    // Drafts: one target per active account; queued: two; the others one. A delivery per target of a scheduled post.
    expect(await c.counts()).toEqual({ posts: 500, targets: 125 * 2 + 125 + 125 * 2 + 125, deliveries: 125 + 125 * 2 + 125 });
    const delivery = await getDb().delivery.findFirstOrThrow({ where: { postId: posts[3]!.id } });
    expect(delivery).toMatchObject({ status: "pending", platform: "linkedin", nextAttemptAt: posts[3]!.scheduledAt });
    expect(posts[3]!.linkedinText).toBe("At 3");
  });

  it("leaves nothing when a write fails half way through", async () => {
    const c = await importer();
    beforeWriting.hook = async () => {
      await getDb().channel.delete({ where: { id: c.x } });
    };
    const rows = [`First,${c.linkedin},draft`, `Second,${c.x},${YEAR}-03-10 10:00`, `Third,${c.linkedin},draft`];
    await expect(importPostsCsv({ actor: c.user.id, timezone: c.user.timezone }, csv(rows))).rejects.toThrow();
    expect(await c.counts()).toEqual({ posts: 0, targets: 0, deliveries: 0 });
  });

  describe("with billing on", () => {
    beforeEach(() => turnBillingOn());
    afterEach(() => turnBillingOff());

    it("never lets two imports at once go over the free plan's month; the refused one names its row and makes nothing", async () => {
      const c = await importer("UTC");
      const file = (label: string) =>
        csv(Array.from({ length: 7 }, (_, i) => `${label} ${i},${c.linkedin},${YEAR}-05-${String(i + 2).padStart(2, "0")} 12:00`));
      const outcomes = await Promise.allSettled([
        importPostsCsv({ actor: c.user.id, timezone: c.user.timezone }, file("A")),
        importPostsCsv({ actor: c.user.id, timezone: c.user.timezone }, file("B")),
      ]);
      const made = outcomes.filter((outcome) => outcome.status === "fulfilled");
      const refused = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
      expect(made).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const error = refused[0];
      if (!isAppError(error)) throw error;
      expect(error.code).toBe("validation_failed");
      // Seven made by the first; the second's fourth row (line 5) would be the eleventh.
      expect(error.options.rows).toEqual([{ line: 5, messageKey: "billing.limits.scheduledPosts", values: { count: FREE_SCHEDULED_POSTS_PER_MONTH } }]);
      expect((await c.counts()).posts).toBe(7);
    });
  });
});

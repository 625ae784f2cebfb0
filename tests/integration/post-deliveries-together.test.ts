// A post and its deliveries change together (docs/decisions/0042). A publisher in another process
// claims due deliveries at any moment; here it tries exactly between the post's write and its
// deliveries' (the first write to the post's row is intercepted), through its own connection. It
// must never take a delivery at the time or for the platform the user has just changed away from.
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseBusy } from "~/modules/db/busy";
import { createDb, getDb, type Db } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import type { AppError } from "~/modules/errors/app-error";
import type { Platform } from "~/core/platforms/platforms";
import { schedulePost, updatePost } from "~/modules/posts/post.server";
import { claimDue, type ClaimedDelivery } from "~/modules/publishing/claim.server";
import { planUser, readyDraft } from "./plan-limits-support";

const MINUTE_MS = 60_000;
const globalForDb = globalThis as unknown as { __plumeDb?: Db };
const appDb = getDb;
let restore: (() => Promise<void>) | undefined;
afterEach(async () => {
  await restore?.();
  restore = undefined;
});

/** The app's client, calling `between` once the first update of this post's row has returned (inside the transaction when there is one). */
function interceptFirstPostWrite(real: Db, postId: string, between: () => Promise<void>): Db {
  let done = false;
  const wrap = <T extends object>(client: T): T =>
    new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (prop === "post") return postModel(value as Db["post"]);
        if (prop === "$transaction") {
          return (work: unknown, options?: unknown) =>
            typeof work === "function"
              ? (target as Db).$transaction((tx) => (work as (tx: unknown) => Promise<unknown>)(wrap(tx)), options as never)
              : (target as Db).$transaction(work as never, options as never);
        }
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  const postModel = (model: Db["post"]) =>
    new Proxy(model, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (prop !== "updateMany") return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        return async (args: { where?: { id?: unknown } }) => {
          const result = await target.updateMany(args as never);
          if (!done && args.where?.id === postId) {
            done = true;
            await between();
          }
          return result;
        };
      },
    });
  return wrap(real);
}

/** Another process's client. On SQLite it does not wait for the lock: it would be waiting for this test itself. */
async function otherProcessDb(): Promise<Db> {
  return createDb(getEnv().DATABASE_URL, { lockWaitMs: 0 });
}

/** What the other process's publisher got of this post (other tests' posts may be due too), or "locked out" when it had to wait. */
type Claim = { claimed: Pick<ClaimedDelivery, "platform">[] } | "locked out";

/**
 * Runs `change` with a publisher claiming `platform` at `dueAt` between the post's write and its
 * deliveries'. Returns what it claimed and how the change ended.
 */
async function raceWithPublisher(postId: string, platform: Platform, dueAt: Date, change: () => Promise<unknown>) {
  const real = appDb();
  const other = await otherProcessDb();
  restore = async () => {
    globalForDb.__plumeDb = real;
    await other.$disconnect();
  };
  let claim: Claim | undefined;
  const intercepted = interceptFirstPostWrite(real, postId, async () => {
    // The publisher's own code, through the other process's client.
    globalForDb.__plumeDb = other;
    try {
      const claimed = await claimDue("other-process", platform, 10, dueAt);
      claim = { claimed: claimed.filter((d) => d.postId === postId).map(({ platform }) => ({ platform })) };
    } catch (error) {
      // SQLite: the write lock is held by the change under way, and this client does not wait for it.
      if (getEnv().isPostgres || !isDatabaseBusy(error)) throw error;
      claim = "locked out";
    } finally {
      globalForDb.__plumeDb = intercepted;
    }
  });
  globalForDb.__plumeDb = intercepted;
  const outcome = await change().then(
    () => "done",
    (error: unknown) => (error as AppError).code,
  );
  globalForDb.__plumeDb = real;
  return { claim, outcome };
}

async function state(postId: string) {
  const post = await getDb().post.findUniqueOrThrow({ where: { id: postId }, include: { deliveries: { orderBy: { platform: "asc" } } } });
  return {
    platforms: post.platforms,
    scheduledAt: post.scheduledAt,
    deliveries: post.deliveries.map((d) => ({ platform: d.platform, status: d.status, nextAttemptAt: d.nextAttemptAt })),
  };
}

async function scheduledPost(at: Date) {
  const user = await planUser();
  const draft = await readyDraft(user.id);
  await schedulePost(user.id, draft.id, at);
  return { user, postId: draft.id };
}

describe("a publisher claiming while a post changes", () => {
  it("rescheduling: no delivery is taken at the old time for a post that says the new one", async () => {
    const oldTime = new Date(Date.now() + 10 * MINUTE_MS);
    const newTime = new Date(Date.now() + 24 * 60 * MINUTE_MS);
    const { user, postId } = await scheduledPost(oldTime);
    const dueAtOldTime = new Date(oldTime.getTime() + 1000);

    const race = await raceWithPublisher(postId, "linkedin", dueAtOldTime, () => schedulePost(user.id, postId, newTime));

    if (getEnv().isPostgres) {
      // The claim got in first: the reschedule is refused as "being published", and nothing moved.
      expect(race).toEqual({ claim: { claimed: [{ platform: "linkedin" }] }, outcome: "post_publishing" });
      expect(await state(postId)).toEqual({
        platforms: "linkedin,twitter",
        scheduledAt: oldTime,
        deliveries: [
          { platform: "linkedin", status: "publishing", nextAttemptAt: oldTime },
          { platform: "twitter", status: "pending", nextAttemptAt: oldTime },
        ],
      });
    } else {
      // The reschedule holds the lock until post and deliveries are written: the claim waits, and then nothing is due.
      expect(race).toEqual({ claim: "locked out", outcome: "done" });
      expect(await state(postId)).toEqual({
        platforms: "linkedin,twitter",
        scheduledAt: newTime,
        deliveries: [
          { platform: "linkedin", status: "pending", nextAttemptAt: newTime },
          { platform: "twitter", status: "pending", nextAttemptAt: newTime },
        ],
      });
      expect((await claimDue("later", "linkedin", 10, dueAtOldTime)).filter((d) => d.postId === postId)).toEqual([]);
    }
  });

  it("removing a platform: its delivery is not taken for a post that no longer has it", async () => {
    const at = new Date(Date.now() + 10 * MINUTE_MS);
    const { user, postId } = await scheduledPost(at);
    const due = new Date(at.getTime() + 1000);

    const race = await raceWithPublisher(postId, "twitter", due, () => updatePost(user.id, postId, { platforms: ["linkedin"] }));

    if (getEnv().isPostgres) {
      expect(race).toEqual({ claim: { claimed: [{ platform: "twitter" }] }, outcome: "post_publishing" });
      expect(await state(postId)).toMatchObject({
        platforms: "linkedin,twitter",
        deliveries: [
          { platform: "linkedin", status: "pending" },
          { platform: "twitter", status: "publishing" },
        ],
      });
    } else {
      expect(race).toEqual({ claim: "locked out", outcome: "done" });
      expect(await state(postId)).toEqual({
        platforms: "linkedin",
        scheduledAt: at,
        deliveries: [{ platform: "linkedin", status: "pending", nextAttemptAt: at }],
      });
      expect((await claimDue("later", "twitter", 10, due)).filter((d) => d.postId === postId)).toEqual([]);
    }
  });
});

// The free plan's scheduled posts a month (docs/decisions/0025), in the posts module: every way a
// post leaves draft goes through schedulePost, so pages and the API share these answers.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import type { AppError } from "~/modules/errors/app-error";
import { getOwnPost, publishNow, schedulePost } from "~/modules/posts/post.server";
import { FREE_SCHEDULED_POSTS_PER_MONTH } from "~/modules/subscriptions/plan-limits";
import { turnBillingOff, turnBillingOn } from "./billing-switch";
import { januaryDays, local, planUser, readyDraft, seedPosts, YEAR, type Plan } from "./plan-limits-support";

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  if (!error) throw new Error("Expected the plan limit to refuse");
  expect(error.code).toBe("plan_limit_reached");
  expect(error.status).toBe(402);
  expect(error.messageKey).toBe("billing.limits.scheduledPosts");
  expect(error.options.values).toEqual({ count: FREE_SCHEDULED_POSTS_PER_MONTH });
  return error;
}

/** Schedules `count` new drafts, one a day in January. */
async function scheduleInJanuary(userId: string, count: number) {
  const posts = [];
  for (const day of januaryDays(count)) posts.push(await schedulePost(userId, (await readyDraft(userId)).id, day));
  return posts;
}

async function expectStillDraft(postId: string, userId: string) {
  const post = await getOwnPost(userId, postId);
  expect(post.status).toBe("draft");
  expect(post.scheduledAt).toBeNull();
  expect(await getDb().delivery.count({ where: { postId } })).toBe(0);
}

const february = (day: number) => new Date(Date.UTC(YEAR, 1, day, 12));

it("is ten a month", () => {
  expect(FREE_SCHEDULED_POSTS_PER_MONTH).toBe(10);
});

describe("with billing off", () => {
  // Two users scheduling twelve posts each: seconds on a busy machine (a bound, not a timing).
  it("limits nobody: a free user schedules more than ten posts in a month, and publishes now", { timeout: 30_000 }, async () => {
    for (const plan of ["none", "expired-trial"] as const) {
      const user = await planUser(plan);
      const posts = await scheduleInJanuary(user.id, FREE_SCHEDULED_POSTS_PER_MONTH + 2);
      expect(posts.every((post) => post.status === "scheduled")).toBe(true);
      await seedPosts(user.id, FREE_SCHEDULED_POSTS_PER_MONTH, new Date(), "published");
      expect((await publishNow(user.id, (await readyDraft(user.id)).id)).status).toBe("scheduled");
    }
  });
});

describe("with billing on", () => {
  beforeEach(() => turnBillingOn());
  afterEach(() => turnBillingOff());

  it("allows a free user ten posts a month and refuses the eleventh, which stays a draft; the next month is open", async () => {
    const user = await planUser();
    await scheduleInJanuary(user.id, FREE_SCHEDULED_POSTS_PER_MONTH);
    const eleventh = await readyDraft(user.id);
    await refusal(schedulePost(user.id, eleventh.id, new Date(Date.UTC(YEAR, 0, 28, 12))));
    await expectStillDraft(eleventh.id, user.id);
    expect((await schedulePost(user.id, eleventh.id, february(3))).status).toBe("scheduled");
  });

  it("does not count a post twice: rescheduling or retrying it in its month is not a new one", async () => {
    const user = await planUser();
    const posts = await scheduleInJanuary(user.id, FREE_SCHEDULED_POSTS_PER_MONTH);
    const moved = await schedulePost(user.id, posts[0]!.id, new Date(Date.UTC(YEAR, 0, 30, 9)));
    expect(moved.scheduledAt).toEqual(new Date(Date.UTC(YEAR, 0, 30, 9)));
    await getDb().post.update({ where: { id: posts[1]!.id }, data: { status: "failed" } });
    expect((await schedulePost(user.id, posts[1]!.id, new Date(Date.UTC(YEAR, 0, 29, 9)))).status).toBe("scheduled");

    // Moved into a full month from another one, it is a new post there: refused, and left as it was.
    const inFebruary = await schedulePost(user.id, (await readyDraft(user.id)).id, february(5));
    await refusal(schedulePost(user.id, inFebruary.id, new Date(Date.UTC(YEAR, 0, 20, 12))));
    const unchanged = await getOwnPost(user.id, inFebruary.id);
    expect(unchanged.status).toBe("scheduled");
    expect(unchanged.scheduledAt).toEqual(february(5));
  });

  it("counts every post that left draft (scheduled, publishing, published, failed), not drafts nor other users' posts", async () => {
    const user = await planUser();
    const mid = new Date(Date.UTC(YEAR, 0, 15, 12));
    await seedPosts(user.id, 3, mid, "scheduled");
    await seedPosts(user.id, 2, mid, "publishing");
    await seedPosts(user.id, 2, mid, "published");
    await seedPosts(user.id, 2, mid, "failed");
    await seedPosts(user.id, 5, mid, "draft");
    const other = await planUser();
    await seedPosts(other.id, 12, mid, "scheduled");
    const tenth = await schedulePost(user.id, (await readyDraft(user.id)).id, mid);
    expect(tenth.status).toBe("scheduled");
    await refusal(schedulePost(user.id, (await readyDraft(user.id)).id, mid));
  });

  it("counts publishing now in the current month; retrying a failed post now is not a new one", async () => {
    const user = await planUser();
    await seedPosts(user.id, FREE_SCHEDULED_POSTS_PER_MONTH - 1, new Date(), "published");
    await seedPosts(user.id, 1, new Date(), "failed");
    const draft = await readyDraft(user.id);
    await refusal(publishNow(user.id, draft.id));
    await expectStillDraft(draft.id, user.id);
    const failed = await getDb().post.findFirstOrThrow({ where: { userId: user.id, status: "failed" } });
    expect((await publishNow(user.id, failed.id)).status).toBe("scheduled");
  });

  // Seven users scheduling eleven posts each: seconds on a busy machine (a bound, not a timing).
  it("does not limit a trial, nor active pro or enterprise subscribers; an expired trial or a canceled pro is limited", { timeout: 30_000 }, async () => {
    const unlimited: Plan[] = ["trial", { plan: "pro", status: "active" }, { plan: "enterprise", status: "active" }, { plan: "pro", status: "trialing" }];
    for (const plan of unlimited) {
      const user = await planUser(plan);
      const posts = await scheduleInJanuary(user.id, FREE_SCHEDULED_POSTS_PER_MONTH + 1);
      expect(posts.at(-1)!.status, JSON.stringify(plan)).toBe("scheduled");
    }
    for (const plan of ["expired-trial", { plan: "pro", status: "canceled" }, { plan: "free", status: "active" }] as Plan[]) {
      const user = await planUser(plan);
      await scheduleInJanuary(user.id, FREE_SCHEDULED_POSTS_PER_MONTH);
      await refusal(schedulePost(user.id, (await readyDraft(user.id)).id, new Date(Date.UTC(YEAR, 0, 25, 12))));
    }
  });

  it("counts months in the user's time zone: 23:30 on the 31st belongs to that local month", async () => {
    const zone = "America/New_York";
    const lastEvening = local(`${YEAR}-01-31`, "23:30", zone); // already February 1st in UTC
    expect(lastEvening.getUTCMonth()).toBe(1);

    const newYorker = await planUser("none", zone);
    await seedPosts(newYorker.id, FREE_SCHEDULED_POSTS_PER_MONTH - 1, local(`${YEAR}-01-15`, "12:00", zone));
    await seedPosts(newYorker.id, 1, lastEvening);
    await refusal(schedulePost(newYorker.id, (await readyDraft(newYorker.id)).id, local(`${YEAR}-01-20`, "09:00", zone)));
    // February holds nothing yet for them, although a counted post is in February in UTC.
    expect((await schedulePost(newYorker.id, (await readyDraft(newYorker.id)).id, local(`${YEAR}-02-01`, "08:00", zone))).status).toBe("scheduled");

    // The same instants for a user in UTC: January holds nine, so a tenth is allowed there.
    const londoner = await planUser("none", "UTC");
    await seedPosts(londoner.id, FREE_SCHEDULED_POSTS_PER_MONTH - 1, local(`${YEAR}-01-15`, "12:00", zone));
    await seedPosts(londoner.id, 1, lastEvening);
    expect((await schedulePost(londoner.id, (await readyDraft(londoner.id)).id, local(`${YEAR}-01-20`, "09:00", zone))).status).toBe("scheduled");

    // And the post being scheduled at 23:30 on the 31st counts in January, which is full.
    const full = await planUser("none", zone);
    await seedPosts(full.id, FREE_SCHEDULED_POSTS_PER_MONTH, local(`${YEAR}-01-10`, "12:00", zone));
    await refusal(schedulePost(full.id, (await readyDraft(full.id)).id, lastEvening));
    expect((await schedulePost(full.id, (await readyDraft(full.id)).id, local(`${YEAR}-02-01`, "00:30", zone))).status).toBe("scheduled");
  });
});

// Post metrics (docs/decisions/0073-post-metrics.md) against the X and LinkedIn fakes, on this file's
// database (SQLite and PostgreSQL): a thread and a LinkedIn member post published by the real
// publisher, then their numbers through the API's refresh and the post page's loader, "not
// available" (null) where the network gives nothing, the last numbers kept through a provider
// error, the 5-minute rule (20 refreshes at once make one fetch), and the scheduled job's rounds,
// leases and rate-limit backoff with a fake clock.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { postSchema } from "~/modules/api/openapi-schemas";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { newJobMemory, runMetricsTick, startMetricsJob } from "~/modules/metrics/job.server";
import * as refreshRoute from "~/routes/api.posts.$postId.metrics.refresh";
import * as postPage from "~/routes/_dashboard.posts.$postId";
import { call, type Handler } from "../support/route-call";
import { connectedUser, dueThread, partsOf, publishAllDue, startFakes, uniqueText, type Fakes } from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const refresh = refreshRoute.action as Handler;
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A user with X and a LinkedIn member channel, a published 3-part X thread and LinkedIn post, and a session. */
async function publishedThread() {
  const { user } = await connectedUser(fakes, ["linkedin", "twitter"], { xExpiresIn: 60 * 86_400 });
  const x = [uniqueText("Metrics 1/3"), uniqueText("Metrics 2/3"), uniqueText("Metrics 3/3")];
  const postId = await dueThread(user.id, { x, linkedin: [uniqueText("Metrics on LinkedIn")] });
  await publishAllDue();
  const tweets = (await partsOf(postId, "twitter")).map((part) => part.externalId!);
  expect(tweets).toHaveLength(3);
  const cookie = (await createSession(user.id)).split(";")[0]!;
  return { user, postId, tweets, cookie };
}

const metricsCalls = (ids: string[]) =>
  fakes.x.state.requests.filter((r) => r.method === "GET" && r.path === "/2/tweets" && ids.some((id) => (r.query.ids ?? "").split(",").includes(id))).length;

const xTargetOf = (post: { targets: { network: string }[] }) => post.targets.find((target) => target.network === "twitter") as any;
const linkedinTargetOf = (post: { targets: { network: string }[] }) => post.targets.find((target) => target.network === "linkedin") as any;

/** Lets the post be refreshed again, as if its last refresh was 6 minutes ago. */
const refreshedLongAgo = (postId: string) =>
  getDb().postTarget.updateMany({ where: { postId }, data: { metricsRefreshedAt: new Date(Date.now() - 6 * 60_000) } });

describe("refreshing a post's metrics", () => {
  it("sums the thread's parts per target, keeps each part's, and gives null where LinkedIn gives nothing", { timeout: 30_000 }, async () => {
    const { postId, tweets, cookie } = await publishedThread();
    fakes.x.setMetrics(tweets[0]!, { like_count: 10, retweet_count: 2, reply_count: 3, quote_count: 1, impression_count: 400 });
    fakes.x.setMetrics(tweets[1]!, { like_count: 4, retweet_count: 0, reply_count: 1, quote_count: 0, impression_count: 120 });
    fakes.x.setMetrics(tweets[2]!, { like_count: 1, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 80 });

    const before = await call(postPage.loader as Handler, { cookie, params: { postId } });
    expect(xTargetOf(before.body.post).metrics).toBeNull();

    const answer = await call(refresh, { method: "POST", cookie, params: { postId } });
    expect(answer.status).toBe(200);
    const post = postSchema.parse(answer.body.data);
    expect(post.status).toBe("published");
    const x = xTargetOf(post);
    expect(x.metrics).toMatchObject({ likes: 15, reposts: 2, replies: 4, quotes: 1, impressions: 600 });
    expect(x.parts.map((part: any) => part.metrics.likes)).toEqual([10, 4, 1]);
    expect(x.parts[1].metrics).toMatchObject({ reposts: 0, impressions: 120 });
    // One call for the three tweets.
    expect(metricsCalls(tweets)).toBe(1);
    // A LinkedIn member's post: fetched, but nothing is available (never 0).
    const linkedin = linkedinTargetOf(post);
    expect(linkedin.metrics).toEqual({ likes: null, reposts: null, replies: null, quotes: null, impressions: null, fetchedAt: expect.any(String) });

    // The post page's loader shows the same.
    const page = await call(postPage.loader as Handler, { cookie, params: { postId } });
    expect(xTargetOf(page.body.post).metrics).toMatchObject({ likes: 15, impressions: 600 });
    expect(linkedinTargetOf(page.body.post).metrics.likes).toBeNull();
  });

  it("answers 429 within 5 minutes of the last refresh, in the user's language, and fetches again after", { timeout: 30_000 }, async () => {
    const { postId, tweets, cookie } = await publishedThread();
    expect((await call(refresh, { method: "POST", cookie, params: { postId } })).status).toBe(200);
    const again = await call(refresh, { method: "POST", cookie, params: { postId }, lang: "fr" });
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe("metrics_refreshed_recently");
    expect(again.body.error.message).toMatch(/réessayez dans 5 minutes/);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(200);
    expect(metricsCalls(tweets)).toBe(1);

    await refreshedLongAgo(postId);
    fakes.x.setMetrics(tweets[0]!, { like_count: 99 });
    const later = await call(refresh, { method: "POST", cookie, params: { postId } });
    expect(later.status).toBe(200);
    expect(xTargetOf(later.body.data).parts[0].metrics.likes).toBe(99);
  });

  it("makes one fetch for 20 refreshes at once; the others are told to wait", { timeout: 30_000 }, async () => {
    const { postId, tweets, cookie } = await publishedThread();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(refresh, { method: "POST", cookie, params: { postId } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(19);
    expect(metricsCalls(tweets)).toBe(1);
  });

  it("keeps the last good numbers and their time through a provider error, and the post stays published", { timeout: 30_000 }, async () => {
    const { postId, tweets, cookie } = await publishedThread();
    fakes.x.setMetrics(tweets[0]!, { like_count: 7 });
    const first = await call(refresh, { method: "POST", cookie, params: { postId } });
    const fetched = xTargetOf(first.body.data).metrics;
    expect(fetched.likes).toBe(7);

    await refreshedLongAgo(postId);
    fakes.x.setMetrics(tweets[0]!, { like_count: 50 });
    fakes.x.failNext((r) => r.method === "GET" && r.path === "/2/tweets", { status: 503 });
    const failed = await call(refresh, { method: "POST", cookie, params: { postId } });
    expect(failed.status).toBe(200);
    const x = xTargetOf(failed.body.data);
    expect(x.metrics).toEqual(fetched);
    expect(x.status).toBe("published");
    expect(x.metricsError).toMatchObject({ code: expect.any(String), at: expect.any(String) });
    expect(failed.body.data.status).toBe("published");
    const delivery = await getDb().delivery.findFirstOrThrow({ where: { postId, platform: "twitter" } });
    expect(delivery.status).toBe("published");
  });

  it("is 404 for another user's post and 409 for a post with nothing published", { timeout: 30_000 }, async () => {
    const { postId } = await publishedThread();
    const other = await connectedUser(fakes, ["twitter"]);
    const otherCookie = (await createSession(other.user.id)).split(";")[0]!;
    expect((await call(refresh, { method: "POST", cookie: otherCookie, params: { postId } })).status).toBe(404);
    const draft = await getDb().post.create({ data: { userId: other.user.id, workspaceId: other.user.id } });
    const answer = await call(refresh, { method: "POST", cookie: otherCookie, params: { postId: draft.id } });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe("nothing_published");
  });
});

describe("the scheduled metrics job", () => {
  it("fetches about 1 hour, 24 hours and 7 days after publishing, then stops", { timeout: 60_000 }, async () => {
    const { postId, tweets } = await publishedThread();
    const target = await getDb().postTarget.findFirstOrThrow({ where: { postId, network: "twitter" }, include: { delivery: true } });
    const published = target.delivery!.publishedAt!.getTime();
    expect(target.metricsDueAt?.getTime()).toBe(published + HOUR);
    const memory = newJobMemory();
    vi.useFakeTimers({ toFake: ["Date"] });
    const tickAt = async (at: number) => {
      vi.setSystemTime(at);
      await runMetricsTick("metrics-test", memory, { batch: 10_000 });
      return getDb().postTarget.findUniqueOrThrow({ where: { id: target.id } });
    };

    expect((await tickAt(published + 59 * 60_000)).metricsRound).toBe(0);
    expect(metricsCalls(tweets)).toBe(0);

    fakes.x.setMetrics(tweets[0]!, { like_count: 3 });
    const first = await tickAt(published + HOUR + 1_000);
    expect(first).toMatchObject({ metricsRound: 1, metricsLeaseOwner: null });
    expect(first.metricsDueAt?.getTime()).toBe(published + DAY);
    expect(metricsCalls(tweets)).toBe(1);
    expect((await partsOf(postId, "twitter"))[0]!.likes).toBe(3);

    expect((await tickAt(published + 23 * HOUR)).metricsRound).toBe(1);
    const second = await tickAt(published + DAY + 1_000);
    expect(second.metricsRound).toBe(2);
    expect(second.metricsDueAt?.getTime()).toBe(published + 7 * DAY);

    const third = await tickAt(published + 7 * DAY + 1_000);
    expect(third).toMatchObject({ metricsRound: 3, metricsDueAt: null });
    await tickAt(published + 30 * DAY);
    expect(metricsCalls(tweets)).toBe(3);
  });

  it("never fetches a target twice at once: two workers claim disjoint targets, each fetched once", { timeout: 60_000 }, async () => {
    const posts = [await publishedThread(), await publishedThread(), await publishedThread()];
    const postIds = posts.map((p) => p.postId);
    await getDb().postTarget.updateMany({ where: { postId: { in: postIds } }, data: { metricsDueAt: new Date(Date.now() - 1000) } });
    const [a, b] = await Promise.all([
      runMetricsTick("worker-a", newJobMemory(), { batch: 10_000 }),
      runMetricsTick("worker-b", newJobMemory(), { batch: 10_000 }),
    ]);
    expect(a + b).toBeGreaterThanOrEqual(6);
    for (const { tweets } of posts) expect(metricsCalls(tweets)).toBe(1);
    const targets = await getDb().postTarget.findMany({ where: { postId: { in: postIds } } });
    expect(targets.every((t) => t.metricsRound === 1 && t.metricsLeaseOwner === null)).toBe(true);
  });

  it("backs a rate-limited channel off until the network's reset, without counting it as a failure", { timeout: 60_000 }, async () => {
    const { user, postId, tweets } = await publishedThread();
    const secondId = await dueThread(user.id, { x: [uniqueText("Second of the channel")] });
    await publishAllDue();
    const secondTweets = (await partsOf(secondId, "twitter")).map((part) => part.externalId!);
    const xTarget = (id: string) => getDb().postTarget.findFirstOrThrow({ where: { postId: id, network: "twitter" } });
    await getDb().postTarget.updateMany({ where: { id: (await xTarget(postId)).id }, data: { metricsDueAt: new Date(Date.now() - 1000) } });
    const reset = Math.floor(Date.now() / 1000) + 900;
    fakes.x.failNext((r) => r.method === "GET" && r.path === "/2/tweets", { status: 429, headers: { "x-rate-limit-reset": String(reset) } });
    const memory = newJobMemory();
    await runMetricsTick("rate-test", memory, { batch: 10_000 });
    const limited = await xTarget(postId);
    expect(limited).toMatchObject({ metricsErrorCode: "rate_limited", metricsAttempts: 0, metricsRound: 0, metricsLeaseOwner: null });
    expect(limited.metricsDueAt!.getTime()).toBeGreaterThanOrEqual(reset * 1000);
    expect(memory.blockedUntil.get(limited.channelId!)?.getTime()).toBe(reset * 1000);

    // Another target of the same channel falls due meanwhile: this worker does not call X for it.
    await getDb().postTarget.updateMany({ where: { id: (await xTarget(secondId)).id }, data: { metricsDueAt: new Date(Date.now() - 1000) } });
    const calls = metricsCalls(secondTweets);
    await runMetricsTick("rate-test", memory, { batch: 10_000 });
    expect(metricsCalls(secondTweets)).toBe(calls);
    expect((await xTarget(secondId)).metricsDueAt!.getTime()).toBeGreaterThanOrEqual(reset * 1000);
    expect(metricsCalls(tweets)).toBe(1);
  });

  it("backs off exponentially after other errors, keeping the numbers", { timeout: 60_000 }, async () => {
    const { postId } = await publishedThread();
    const target = await getDb().postTarget.findFirstOrThrow({ where: { postId, network: "twitter" } });
    await getDb().postTarget.update({ where: { id: target.id }, data: { metricsDueAt: new Date(Date.now() - 1000) } });
    fakes.x.failNext((r) => r.method === "GET" && r.path === "/2/tweets", { status: 500, times: 2 });
    const memory = newJobMemory();
    const started = Date.now();
    await runMetricsTick("backoff-test", memory, { batch: 10_000 });
    const once = await getDb().postTarget.findUniqueOrThrow({ where: { id: target.id } });
    expect(once.metricsAttempts).toBe(1);
    const firstWait = once.metricsDueAt!.getTime() - started;
    expect(firstWait).toBeGreaterThan(4 * 60_000);
    await getDb().postTarget.update({ where: { id: target.id }, data: { metricsDueAt: new Date(Date.now() - 1000) } });
    const again = Date.now();
    await runMetricsTick("backoff-test", memory, { batch: 10_000 });
    const twice = await getDb().postTarget.findUniqueOrThrow({ where: { id: target.id } });
    expect(twice.metricsAttempts).toBe(2);
    expect(twice.metricsDueAt!.getTime() - again).toBeGreaterThan(firstWait * 1.5);
    expect((await partsOf(postId, "twitter"))[0]!.metricsFetchedAt).toBeNull();
  });

  it("runs on its own until nothing is due, and stops cleanly holding nothing", { timeout: 60_000 }, async () => {
    const { postId, tweets } = await publishedThread();
    await getDb().postTarget.updateMany({ where: { postId }, data: { metricsDueAt: new Date(Date.now() - 1000) } });
    fakes.x.setMetrics(tweets[1]!, { like_count: 12 });
    const job = startMetricsJob({ workerId: "job-test", pollMs: 50 });
    await job.idle();
    await job.stop();
    expect((await partsOf(postId, "twitter"))[1]!.likes).toBe(12);
    expect(await getDb().postTarget.count({ where: { metricsLeaseOwner: "job-test" } })).toBe(0);
  });
});

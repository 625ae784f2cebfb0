import { spawn, type ChildProcess } from "node:child_process";
import { expect } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { publishNow } from "~/modules/posts/post.server";

// The publisher as real processes: `node --import tsx server/worker.ts`, exactly as `npm run worker`
// runs it without a build, with the environment a test gives it. Tests kill them at random moments
// (SIGKILL: no clean-up at all) to prove that every part is published exactly once whatever happens.

export interface Worker {
  child: ChildProcess;
  /** The worker's JSON log lines (pino). */
  logs: Record<string, unknown>[];
  started: Promise<void>;
  /** Resolves at its first delivery: from then on it is busy. */
  delivering: Promise<void>;
  exited: Promise<void>;
}

const workers = new Set<Worker>();

/** The variables every worker needs from the test's own process (its database, secret, data folder). */
export function baseWorkerEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: process.env.DATA_DIR,
    APP_SECRET: process.env.APP_SECRET,
    APP_URL: process.env.APP_URL,
    LOG_LEVEL: "info",
  };
}

export function startWorker(env: NodeJS.ProcessEnv): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "server/worker.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const logs: Record<string, unknown>[] = [];
  let stderr = "";
  let buffered = "";
  let markStarted: () => void = () => {};
  let markDelivering: () => void = () => {};
  const delivering = new Promise<void>((resolve) => (markDelivering = resolve));
  let failStart: (error: Error) => void = () => {};
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    failStart = reject;
  });
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (entry.msg === "Publisher started") markStarted();
        if (entry.msg === "Delivered") markDelivering();
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => failStart(new Error(`The worker exited before starting: ${stderr}${buffered}${JSON.stringify(logs.slice(-3))}`)));
  const worker = { child, logs, started, delivering, exited };
  workers.add(worker);
  void exited.then(() => workers.delete(worker));
  return worker;
}

export async function kill(worker: Worker, signal: NodeJS.Signals = "SIGKILL") {
  worker.child.kill(signal);
  await worker.exited;
}

/** For afterEach: no worker outlives its test. */
export async function killAllWorkers() {
  const running = [...workers];
  for (const worker of running) worker.child.kill("SIGKILL");
  await Promise.all(running.map((w) => w.exited));
  workers.clear();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

export async function unpublishedCount(postIds: readonly string[]) {
  return getDb().delivery.count({ where: { postId: { in: [...postIds] }, status: { not: "published" } } });
}

/** Posts not settled yet: a kill between a delivery's write and its post's leaves one for the sweep. */
export async function unsettledCount(postIds: readonly string[]) {
  return getDb().post.count({ where: { id: { in: [...postIds] }, status: { not: "published" } } });
}

/**
 * A delivery interrupted by kill after kill fails once it has been interrupted too often in a row
 * (a crash loop cannot be told from a storm of kills): the user retries it, as its notice says.
 * Nothing else may fail. Returns the posts retried.
 */
export async function retryInterruptedTooOften(postIds: readonly string[]): Promise<string[]> {
  const failed = await getDb().post.findMany({
    where: { id: { in: [...postIds] }, status: "failed" },
    include: { deliveries: { where: { status: "failed" } } },
  });
  for (const post of failed) {
    expect(post.deliveries.map((d) => d.errorCode)).toEqual(post.deliveries.map(() => "interrupted_too_often"));
    await publishNow(post.userId, post.id);
  }
  return failed.map((post) => post.id);
}

/** What waiting would do for deliveries backing off after an uncertain attempt. */
export async function timePasses(postIds: readonly string[]) {
  await getDb().delivery.updateMany({ where: { postId: { in: [...postIds] }, status: "pending" }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
}

/**
 * Starts a worker, kills it at a random moment once it is at work, again and again until nothing is
 * left (or a minute passed, or `maxKills` kills), then lets one worker alone finish what the last kill left.
 */
export async function publishThroughKills(
  postIds: readonly string[],
  startWorker: (concurrency: number) => Worker,
  leaseMs: number,
  { maxKills = Infinity }: { maxKills?: number } = {},
): Promise<{ kills: number; retriedPosts: Set<string> }> {
  const deadline = Date.now() + 60_000;
  let kills = 0;
  const retriedPosts = new Set<string>();
  let left = await unpublishedCount(postIds);
  while (left > 0 && Date.now() < deadline && kills < maxKills) {
    const worker = startWorker(1);
    await worker.started;
    // A random moment once it is at work (nothing may be left for it but leases still held).
    await Promise.race([worker.delivering, sleep(leaseMs + 1000)]);
    await sleep(between(150, 600));
    await kill(worker);
    kills += 1;
    await timePasses(postIds);
    for (const postId of await retryInterruptedTooOften(postIds)) retriedPosts.add(postId);
    left = await unpublishedCount(postIds);
  }
  // Whatever a last kill left behind (leases, posts to settle once quiet for a lease) is finished
  // by one worker left alone.
  const last = startWorker(4);
  await last.started;
  while ((await unpublishedCount(postIds)) + (await unsettledCount(postIds)) > 0 && Date.now() < deadline + 20_000) {
    for (const postId of await retryInterruptedTooOften(postIds)) retriedPosts.add(postId);
    await timePasses(postIds);
    await sleep(200);
  }
  await kill(last, "SIGTERM");
  console.info(
    `publisher processes: ${kills} kills, ${retriedPosts.size} posts retried, everything published after ${((Date.now() - deadline + 60_000) / 1000).toFixed(1)} s`,
  );
  return { kills, retriedPosts };
}

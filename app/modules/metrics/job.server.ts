import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { getDb, type Prisma } from "~/modules/db/db.server";
import { fetchTargets, readTargetsToFetch, type FetchOutcome, type TargetToFetch } from "./fetch.server";
import { inSlices, writeDueTimes } from "./part-rows.server";
import { fetchBackoff, MAX_FETCH_ATTEMPTS, nextRoundAt } from "./schedule";

// The scheduled fetch of published targets' numbers (docs/decisions/0073-post-metrics.md). It rides
// the publisher: started and stopped with it, in the same processes, and claims its work the same
// way, a lease per target taken by a conditional update, so any number of instances share one
// database without fetching one target twice at once.

/** Targets claimed per tick: the most work one tick does. */
const DEFAULT_BATCH = 1000;
/** How often an idle job looks for due targets. */
const DEFAULT_POLL_MS = 30_000;

export interface MetricsJobOptions {
  workerId?: string;
  pollMs?: number;
  batch?: number;
  /** Network calls at once within a tick. */
  concurrency?: number;
}

export interface MetricsJob {
  readonly workerId: string;
  stop(): Promise<void>;
  /** Resolves once a tick found nothing due (tests and benchmarks). */
  idle(): Promise<void>;
}

/** What one job instance remembers between ticks: the channels a network told to wait. */
export interface JobMemory {
  blockedUntil: Map<string, Date>;
}

export function newJobMemory(): JobMemory {
  return { blockedUntil: new Map() };
}

export function startMetricsJob(options: MetricsJobOptions = {}): MetricsJob {
  const workerId = options.workerId ?? `metrics:${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const memory = newJobMemory();
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let idleWaiters: (() => void)[] = [];
  let lastFoundNothing = false;

  const schedule = (delay: number) => {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = tick().finally(() => (running = null));
    }, delay);
    timer.unref?.();
  };

  async function tick() {
    let claimed = 0;
    try {
      claimed = await runMetricsTick(workerId, memory, { batch: options.batch, concurrency: options.concurrency });
    } catch (error) {
      logger.error({ err: error }, "Metrics job tick failed");
    }
    lastFoundNothing = claimed === 0;
    if (lastFoundNothing) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
    // A full batch: more is due, go on at once (each tick still bounded); otherwise wait a poll.
    schedule(claimed >= (options.batch ?? DEFAULT_BATCH) ? 0 : pollMs);
  }

  schedule(0);
  return {
    workerId,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
      // Whatever this worker still holds is given back, due as it was, for the next instance.
      await getDb()
        .postTarget.updateMany({ where: { metricsLeaseOwner: workerId }, data: { metricsLeaseOwner: null, metricsLeaseUntil: null } })
        .catch(() => undefined);
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    },
    idle() {
      return new Promise<void>((resolve) => {
        if (lastFoundNothing && !running) resolve();
        else idleWaiters.push(resolve);
      });
    },
  };
}

/**
 * One tick: claims up to `batch` due targets, fetches them (per channel), records each outcome,
 * releases them. Returns how many were claimed.
 */
export async function runMetricsTick(workerId: string, memory: JobMemory, options: { batch?: number; concurrency?: number; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const claimed = await claimDueTargets(workerId, options.batch ?? DEFAULT_BATCH, now);
  if (claimed.length === 0) return 0;
  const targets = await readTargetsToFetch(claimed);
  const outcomes = await fetchTargets(targets, {
    now,
    concurrency: options.concurrency,
    blockedUntil: (channelId) => memory.blockedUntil.get(channelId) ?? null,
  });
  for (const target of targets) {
    const outcome = outcomes.get(target.id);
    if (outcome?.kind === "failed" && outcome.rateLimited && target.channelId)
      memory.blockedUntil.set(target.channelId, outcome.retryAt ?? fetchBackoff(1, now));
  }
  await recordJobOutcomes(targets, outcomes, workerId, new Date());
  return claimed.length;
}

/**
 * Takes up to `limit` due targets whose lease is free or ran out: the ids read first, then taken by
 * one conditional update that re-checks the lease row by row (on PostgreSQL a row another
 * instance took meanwhile no longer matches and is left to it), returning the rows this one got.
 */
export async function claimDueTargets(workerId: string, limit: number, now = new Date()): Promise<string[]> {
  const free = { metricsDueAt: { lte: now }, OR: [{ metricsLeaseUntil: null }, { metricsLeaseUntil: { lt: now } }] };
  // By channel: a tick takes many targets of few channels, fetched in full calls (100 ids on X).
  const due = await getDb().postTarget.findMany({
    where: free,
    orderBy: [{ channelId: "asc" }, { metricsDueAt: "asc" }],
    take: limit,
    select: { id: true },
  });
  if (due.length === 0) return [];
  const taken: string[] = [];
  await inSlices(
    due.map((row) => row.id),
    async (slice) => {
      const rows = await getDb().postTarget.updateManyAndReturn({
        where: { id: { in: slice }, ...free },
        data: { metricsLeaseOwner: workerId, metricsLeaseUntil: new Date(now.getTime() + getEnv().PUBLISHER_LEASE_MS) },
        select: { id: true },
      });
      taken.push(...rows.map((row) => row.id));
    },
  );
  return taken;
}

const released = { metricsLeaseOwner: null, metricsLeaseUntil: null };

/** Writes each claimed target's outcome and its next due time, while this worker holds it. */
async function recordJobOutcomes(targets: TargetToFetch[], outcomes: Map<string, FetchOutcome>, workerId: string, now: Date): Promise<void> {
  const db = getDb();
  const dueTimes: { id: string; dueAt: Date | null }[] = [];
  const fetched: string[] = [];
  const nextRound = new Map<string, string[]>(); // given up after too many failures, by error code
  const rateLimited = new Map<string, string[]>(); // by error code: not counted as attempts
  const failing = new Map<string, string[]>(); // by error code: one more attempt
  const gone = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, id: string) => map.set(key, [...(map.get(key) ?? []), id]);
  for (const target of targets) {
    const outcome = outcomes.get(target.id);
    if (!outcome) continue;
    const publishedAt = target.publishedAt ?? now;
    if (outcome.kind === "fetched") {
      fetched.push(target.id);
      dueTimes.push({ id: target.id, dueAt: nextRoundAt(publishedAt, now) });
    } else if (outcome.kind === "gone") {
      add(gone, outcome.code, target.id);
      dueTimes.push({ id: target.id, dueAt: null });
    } else if (outcome.rateLimited) {
      // The network said when: that time (a little after, spread), whatever the attempts so far.
      add(rateLimited, outcome.code, target.id);
      const at = outcome.retryAt ?? fetchBackoff(1, now);
      dueTimes.push({ id: target.id, dueAt: new Date(Math.max(at.getTime(), now.getTime()) + Math.random() * 5_000) });
    } else if (target.metricsAttempts + 1 >= MAX_FETCH_ATTEMPTS) {
      add(nextRound, outcome.code, target.id);
      dueTimes.push({ id: target.id, dueAt: nextRoundAt(publishedAt, now) });
    } else {
      add(failing, outcome.code, target.id);
      dueTimes.push({ id: target.id, dueAt: outcome.retryAt && outcome.retryAt > now ? outcome.retryAt : fetchBackoff(target.metricsAttempts + 1, now) });
    }
  }
  await writeDueTimes(dueTimes, workerId);
  const update = (ids: string[], data: Prisma.PostTargetUpdateManyMutationInput) =>
    inSlices(ids, (slice) => db.postTarget.updateMany({ where: { id: { in: slice }, metricsLeaseOwner: workerId }, data: { ...data, ...released } }));
  await update(fetched, { metricsRound: { increment: 1 }, metricsAttempts: 0, metricsErrorCode: null, metricsErrorAt: null });
  for (const [code, ids] of gone) await update(ids, { metricsErrorCode: code, metricsErrorAt: now });
  for (const [code, ids] of nextRound) await update(ids, { metricsRound: { increment: 1 }, metricsAttempts: 0, metricsErrorCode: code, metricsErrorAt: now });
  for (const [code, ids] of rateLimited) await update(ids, { metricsErrorCode: code, metricsErrorAt: now });
  for (const [code, ids] of failing) await update(ids, { metricsAttempts: { increment: 1 }, metricsErrorCode: code, metricsErrorAt: now });
}

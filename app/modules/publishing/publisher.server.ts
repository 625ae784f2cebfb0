import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { getDb } from "~/modules/db/db.server";
import { logger } from "~/core/logger/logger.server";
import { NETWORK_IDS, type NetworkId } from "~/core/platforms/platforms";
import { claimDue, leaseMs, markSent, nextDueAt, releaseUnsent, renewLease, type ClaimedDelivery } from "./claim.server";
import { attemptDelivery, LeaseLost, partFailureOf, loadWorks, type Work } from "./deliver.server";
import { classify } from "./failures.server";
import { recordFailure, recordPublished } from "./outcome.server";
import { settleStrandedPosts } from "./stranded.server";

/** How often, at most, a publisher looks for posts a dead publisher left unsettled (and once at start). */
const SWEEP_EVERY_MS = 30_000;
const CLAIM_BATCH_MS = 20;
const DEFAULT_CONCURRENCY = 4;

export interface PublisherOptions {
  /** Deliveries in flight at once per network; a network left out takes DEFAULT_CONCURRENCY. */
  concurrency: Partial<Record<NetworkId, number>>;
  pollMs: number;
  /** How long shutdown waits for deliveries in flight before giving back those not yet sent. */
  shutdownGraceMs?: number;
  /** How often to settle posts a stopped publisher left behind: every 30 s, or every lease if shorter. */
  sweepEveryMs?: number;
  workerId?: string;
}

export interface Publisher {
  readonly workerId: string;
  /**
   * Stops claiming, lets deliveries in flight finish, gives back the ones that do not in time and
   * have not sent their create request yet (the others keep their lease, see releaseUnsent).
   */
  stop(): Promise<void>;
  /** Resolves once nothing is due or in flight (tests and benchmarks). */
  idle(): Promise<void>;
}

/**
 * Delivers due posts: claims what is due (a lease per delivery, see claim.server.ts), runs at most
 * `concurrency[platform]` at once per platform, and looks again as soon as a slot frees up or every
 * `pollMs`. Any number of publishers may run against one database.
 */
export function startPublisher(options: PublisherOptions): Publisher {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const inFlight = new Map<string, { delivery: ClaimedDelivery; done: Promise<void> }>();
  const sweepEveryMs = options.sweepEveryMs ?? Math.min(SWEEP_EVERY_MS, leaseMs());
  const running = Object.fromEntries(NETWORK_IDS.map((network) => [network, 0])) as Record<NetworkId, number>;
  const concurrency = Object.fromEntries(NETWORK_IDS.map((network) => [network, options.concurrency[network] ?? DEFAULT_CONCURRENCY])) as Record<
    NetworkId,
    number
  >;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let again = false;
  let idleWaiters: (() => void)[] = [];
  let lastTickFoundNothing = false;
  let lastSweep = 0;

  let timerAt = Infinity;
  /** Looks again in `delay` ms, unless a look is already planned sooner. */
  const schedule = (delay: number) => {
    if (stopping) return;
    const at = Date.now() + delay;
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Infinity;
      void tick();
    }, delay);
  };

  async function tick() {
    if (stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    let claimedAny = false;
    let busy = false;
    try {
      if (Date.now() - lastSweep >= sweepEveryMs) {
        lastSweep = Date.now();
        const settled = await settleStrandedPosts().catch((error: unknown) => {
          logger.error({ err: error }, "Publisher could not settle stranded posts");
          return 0;
        });
        if (settled > 0) logger.warn({ settled }, "Settled posts a stopped publisher left unsettled");
      }
      for (const platform of NETWORK_IDS) {
        const free = concurrency[platform] - running[platform];
        // Busy: wait until a few slots are free and take them with one claim, rather than one
        // claim (and its queries) per finished delivery.
        const batch = running[platform] === 0 ? 1 : Math.max(1, Math.floor(concurrency[platform] / 8));
        if (free < batch) {
          busy = true;
          continue;
        }
        const claimed = await claimDue(workerId, platform, free);
        if (claimed.length === 0) continue;
        claimedAny = true;
        const works = await startWork(claimed.map((d) => d.postId)).catch((error: unknown) => {
          logger.error({ err: error }, "Publisher could not read the claimed posts");
          return undefined; // each delivery reads its own
        });
        for (const delivery of claimed) run(delivery, works ? (works.get(delivery.postId) ?? null) : undefined);
      }
    } catch (error) {
      logger.error({ err: error }, "Publisher could not claim deliveries");
    } finally {
      ticking = false;
    }
    lastTickFoundNothing = !claimedAny;
    if (!claimedAny && inFlight.size === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
    if (again) {
      again = false;
      schedule(0);
    } else {
      // With every slot taken, a finishing delivery looks again; otherwise the next due time decides.
      schedule(claimedAny ? 0 : busy ? options.pollMs : await untilNextDue(options.pollMs));
    }
  }

  function run(delivery: ClaimedDelivery, work: Work | null | undefined) {
    running[delivery.platform] += 1;
    const done = deliver(workerId, delivery, work)
      .catch((error: unknown) => logger.error({ err: error, deliveryId: delivery.id }, "Delivery crashed"))
      .finally(() => {
        running[delivery.platform] -= 1;
        inFlight.delete(delivery.id);
        // A slot is free: look for more work now rather than at the next poll (after a few
        // milliseconds, so that deliveries finishing together are replaced by one claim).
        schedule(CLAIM_BATCH_MS);
      });
    inFlight.set(delivery.id, { delivery, done });
  }

  schedule(0);
  logger.info({ workerId, concurrency }, "Publisher started");

  return {
    workerId,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      const pending = [...inFlight.entries()];
      const grace = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), options.shutdownGraceMs ?? 10_000).unref());
      await Promise.race([Promise.allSettled(pending.map(([, work]) => work.done)), grace]);
      let released = 0;
      const kept: string[] = [];
      for (const { delivery } of [...inFlight.values()]) {
        if (await releaseUnsent(delivery, workerId).catch(() => false)) released += 1;
        else if (inFlight.has(delivery.id)) kept.push(delivery.id);
      }
      logger.info({ workerId, released, leftForReconciliation: kept }, "Publisher stopped");
    },
    idle() {
      return new Promise<void>((resolve) => {
        if (lastTickFoundNothing && inFlight.size === 0 && !ticking) resolve();
        else idleWaiters.push(resolve);
      });
    },
  };
}

/**
 * How long to wait before looking again when nothing was due: until the next pending delivery
 * falls due (so it is sent on time, not up to a poll later), but never longer than `pollMs`, since
 * another process may schedule a post due sooner meanwhile.
 */
async function untilNextDue(pollMs: number): Promise<number> {
  const next = await nextDueAt().catch(() => null);
  if (next === null) return pollMs;
  // Already due but not taken (another publisher is on it, or it was claimed just now): no hurry.
  const wait = next - Date.now();
  return wait <= 0 ? Math.min(pollMs, 100) : Math.min(pollMs, wait + 5);
}

/**
 * Marks the posts of freshly claimed deliveries as being published (no more edits or deletion from
 * here on, even for a post a sibling delivery had already failed), then reads them once for all
 * their deliveries.
 */
async function startWork(postIds: string[]): Promise<Map<string, Work>> {
  const ids = [...new Set(postIds)];
  await getDb().post.updateMany({ where: { id: { in: ids }, status: { in: ["scheduled", "failed"] } }, data: { status: "publishing" } });
  return loadWorks(ids);
}

/**
 * One attempt at one claimed delivery, from start to recorded outcome. `work` is its post as
 * startWork() read it (null: deleted meanwhile); when not given, it is read here.
 */
export async function deliver(workerId: string, delivery: ClaimedDelivery, work?: Work | null): Promise<void> {
  const post = work === undefined ? (await startWork([delivery.postId])).get(delivery.postId) : work;
  if (!post) return; // deleted meanwhile: its deliveries went with it
  try {
    const result = await attemptDelivery(
      delivery,
      {
        workerId,
        stillMine: () => renewLease(delivery.id, workerId),
        beforeSend: (partId, sendKey) => markSent(delivery.id, workerId, partId, sendKey),
      },
      post,
    );
    await recordPublished(delivery.id, workerId, result, delivery.postId);
    logger.info({ deliveryId: delivery.id, platform: delivery.platform }, "Delivered");
  } catch (error) {
    if (error instanceof LeaseLost) return;
    // "post" once the failing part's create request went out: its failure may have left it behind.
    const part = partFailureOf(error);
    const outcome = classify(error, part?.sent ? "post" : "prepare", delivery.attempts, Date.now(), post.scheduledAt);
    logger.warn(
      { deliveryId: delivery.id, platform: delivery.platform, outcome: outcome.kind, code: outcome.code, attempts: delivery.attempts },
      "Delivery attempt failed",
    );
    await recordFailure(delivery, workerId, outcome, {
      userId: post.userId,
      nothingCreated: part ? part.sent && !part.sentBefore : false,
      partId: part?.partId ?? null,
    });
  }
}

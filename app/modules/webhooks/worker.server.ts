import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { logger } from "~/core/logger/logger.server";
import {
  anythingDue,
  claimDueWebhookDeliveries,
  prepareWebhookDeliveries,
  pruneWebhookEvents,
  releaseWebhookDeliveries,
  sendOptions,
  sendPreparedWebhookDelivery,
  type PreparedWebhookDelivery,
} from "./deliveries.server";
import type { SendOptions } from "./send.server";

// The webhook worker (docs/decisions/0076-webhooks.md): claims due deliveries ahead, keeps up to
// `concurrency` sends in flight, gives back what it claimed and had not sent when it stops.

export interface WebhookWorker {
  readonly workerId: string;
  stop(): Promise<void>;
  /** Resolves once nothing is due or in flight (tests and benchmarks). */
  idle(): Promise<void>;
}

export interface WebhookWorkerOptions {
  /** Deliveries in flight at once (each mostly waits on the network). */
  concurrency?: number;
  pollMs: number;
  workerId?: string;
  send?: Partial<SendOptions>;
}

const PRUNE_EVERY_MS = 3_600_000;

/**
 * Sends due webhook deliveries, up to `concurrency` at once. It claims them ahead, in batches of
 * up to `2 × concurrency` by one statement, prepares each batch together (one read, one write of
 * the events' data), and starts a send as soon as a slot frees up; outcomes are recorded together
 * (one transaction per ~50 ms of finished sends). It claims again when fewer than `concurrency`
 * are left waiting, and otherwise looks every `pollMs`. Started beside the publisher
 * (startConfiguredPublisher); any number may share a database. Stopping gives back what was
 * claimed and not sent, and lets attempts in flight finish (at most the send timeout); one cut
 * short by a crash is sent again once its lease runs out, with the same event id.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:webhooks:${randomBytes(4).toString("hex")}`;
  const concurrency = options.concurrency ?? 50;
  const claimSize = concurrency * 2;
  const send = sendOptions(options.send);
  const inFlight = new Set<Promise<unknown>>();
  /** Claimed and prepared, waiting for a slot. */
  let waiting: PreparedWebhookDelivery[] = [];
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let claiming = false;
  let lastClaimFoundNothing = false;
  let lastPrune = 0;
  let idleWaiters: (() => void)[] = [];

  const isIdle = () => lastClaimFoundNothing && !claiming && waiting.length === 0 && inFlight.size === 0;
  const checkIdle = () => {
    if (!isIdle()) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  };

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
      void claim();
    }, delay);
  };

  /** Starts sends while slots are free; claims more ahead once few are left waiting. */
  function pump() {
    while (!stopping && inFlight.size < concurrency && waiting.length > 0) {
      const prepared = waiting.shift()!;
      const sending: Promise<unknown> = sendPreparedWebhookDelivery(workerId, prepared, send)
        .catch((error: unknown) => logger.error({ err: error, deliveryId: prepared.delivery.id }, "Webhook delivery could not be recorded"))
        .finally(() => {
          inFlight.delete(sending);
          pump();
          checkIdle();
        });
      inFlight.add(sending);
    }
    if (!stopping && !claiming && waiting.length < concurrency) schedule(0);
  }

  async function claim() {
    if (stopping || claiming) return;
    claiming = true;
    let claimed = 0;
    try {
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneWebhookEvents().catch((error: unknown) => logger.error({ err: error }, "Could not prune webhook events"));
      }
      const room = claimSize - waiting.length - inFlight.size;
      if (room > 0 && (await anythingDue())) {
        const deliveries = await claimDueWebhookDeliveries(workerId, room);
        claimed = deliveries.length;
        const prepared = await prepareWebhookDeliveries(deliveries);
        // Stopped meanwhile: given back rather than left to their lease.
        if (stopping)
          await releaseWebhookDeliveries(
            workerId,
            deliveries.map((d) => d.id),
          );
        else waiting.push(...prepared);
      }
    } catch (error) {
      logger.error({ err: error }, "Webhook worker could not claim deliveries");
    } finally {
      claiming = false;
    }
    lastClaimFoundNothing = claimed === 0;
    if (stopping) return;
    if (claimed > 0) pump();
    // Found some: look again soon (pump asks when few are left waiting); else after pollMs.
    schedule(claimed > 0 ? (waiting.length < concurrency ? 0 : options.pollMs) : options.pollMs);
    checkIdle();
  }

  schedule(0);
  return {
    workerId,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      const unsent = waiting.map((item) => item.delivery.id);
      waiting = [];
      await releaseWebhookDeliveries(workerId, unsent).catch((error: unknown) => logger.error({ err: error }, "Could not give back webhook deliveries"));
      await Promise.allSettled([...inFlight]);
    },
    idle() {
      return new Promise<void>((resolve) => {
        if (isIdle()) resolve();
        else idleWaiters.push(resolve);
      });
    },
  };
}

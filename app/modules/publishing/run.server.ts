import { getEnv } from "~/core/env/env.server";
import { startMetricsJob } from "~/modules/metrics/job.server";
import { startWebhookWorker } from "~/modules/webhooks/worker.server";
import { startPublisher, type Publisher } from "./publisher.server";

/**
 * The publisher with the settings of the environment (web process and `npm run worker` alike), and
 * the metrics job and the webhook deliveries riding along (docs/decisions/0073-post-metrics.md,
 * 0076-webhooks.md): started and stopped with it.
 */
export function startConfiguredPublisher(): Publisher {
  const env = getEnv();
  const metrics = startMetricsJob();
  const webhooks = startWebhookWorker({ pollMs: env.PUBLISHER_POLL_MS });
  const publisher = startPublisher({
    concurrency: {
      linkedin: env.PUBLISHER_CONCURRENCY_LINKEDIN,
      twitter: env.PUBLISHER_CONCURRENCY_X,
      bluesky: env.PUBLISHER_CONCURRENCY_BLUESKY,
      mastodon: env.PUBLISHER_CONCURRENCY_MASTODON,
    },
    pollMs: env.PUBLISHER_POLL_MS,
  });
  return {
    workerId: publisher.workerId,
    idle: async () => void (await Promise.all([publisher.idle(), webhooks.idle()])),
    stop: async () => void (await Promise.all([publisher.stop(), metrics.stop(), webhooks.stop()])),
  };
}

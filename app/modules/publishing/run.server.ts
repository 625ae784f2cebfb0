import { getEnv } from "~/core/env/env.server";
import { startPublisher, type Publisher } from "./publisher.server";

/** The publisher with the settings of the environment (web process and `npm run worker` alike). */
export function startConfiguredPublisher(): Publisher {
  const env = getEnv();
  return startPublisher({
    concurrency: {
      linkedin: env.PUBLISHER_CONCURRENCY_LINKEDIN,
      twitter: env.PUBLISHER_CONCURRENCY_X,
      bluesky: env.PUBLISHER_CONCURRENCY_BLUESKY,
      mastodon: env.PUBLISHER_CONCURRENCY_MASTODON,
    },
    pollMs: env.PUBLISHER_POLL_MS,
  });
}

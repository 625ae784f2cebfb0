import { captureServerEvent, posthogEnabled, setServerPersonProperties } from "~/integrations/posthog.server";
import { getDb } from "~/modules/db/db.server";
import { logger } from "~/core/logger/logger.server";
import { analyticsId } from "./identity";

// The product events the server records (docs/decisions/0027). Each call returns at once: the
// lookups it needs run only when PostHog is on, after the caller's work, and never fail it.

export type ServerEvent =
  | "user signed up"
  | "post scheduled"
  | "post published"
  | "post publish failed"
  | "subscription changed"
  | "channel connected"
  | "channel disconnected"
  // A member added pages it administers as channels (docs/decisions/0058): {network, count}.
  | "pages added"
  // Workspaces (docs/decisions/0085): {workspace_id, role}; never the invited address.
  | "invitation sent"
  | "invitation accepted";

/** For callers that already have the user's e-mail. */
export function trackEvent(user: { id: string; email?: string | null }, event: ServerEvent, properties: Record<string, unknown> = {}): void {
  if (!posthogEnabled()) return;
  captureServerEvent(analyticsId(user), event, { ...properties, user_id: user.id });
}

/** For callers that know only the user's id: the address is looked up in the background. */
export function trackEventFor(userId: string, event: ServerEvent, properties: Record<string, unknown> = {}): void {
  if (!posthogEnabled()) return;
  void getDb()
    .user.findUnique({ where: { id: userId }, select: { id: true, email: true } })
    .then((user) => user && trackEvent(user, event, properties))
    .catch((error: unknown) => logger.warn({ err: error, event }, "Could not record a product event"));
}

/**
 * The person properties the browser sets at identify that can change later (decision 46): sent
 * again from the server when they do, since the browser identifies a person only once.
 */
export type PersonProperties = Partial<{ locale: string; timezone: string; is_admin: boolean }>;

/** Updates a person's properties in PostHog; the address is looked up in the background. */
export function updatePersonFor(userId: string, properties: PersonProperties): void {
  if (!posthogEnabled()) return;
  void getDb()
    .user.findUnique({ where: { id: userId }, select: { id: true, email: true } })
    .then((user) => user && setServerPersonProperties(analyticsId(user), properties))
    .catch((error: unknown) => logger.warn({ err: error }, "Could not update a person's properties"));
}

/** "post published" for posts that have just become published (one lookup for all of them). */
export function trackPostsPublished(postIds: string[]): void {
  if (!posthogEnabled() || postIds.length === 0) return;
  void getDb()
    .post.findMany({
      where: { id: { in: postIds } },
      select: { id: true, platforms: true, scheduledAt: true, publishedAt: true, user: { select: { id: true, email: true } } },
    })
    .then((posts) => {
      for (const post of posts) {
        trackEvent(post.user, "post published", {
          post_id: post.id,
          platforms: post.platforms.split(",").filter(Boolean),
          late_by_seconds:
            post.scheduledAt && post.publishedAt ? Math.max(0, Math.round((post.publishedAt.getTime() - post.scheduledAt.getTime()) / 1000)) : null,
        });
      }
    })
    .catch((error: unknown) => logger.warn({ err: error }, "Could not record published posts"));
}

/** The events a webhook can listen to (docs/decisions/0076-webhooks.md). */
export const WEBHOOK_EVENT_TYPES = ["post.published", "post.failed", "channel.needs_reconnect"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

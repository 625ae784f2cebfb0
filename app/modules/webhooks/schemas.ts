import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "~/modules/webhook-events/types";

/** The longest webhook URL accepted. */
export const MAX_URL_LENGTH = 2000;

/**
 * The add form, checked in the browser too: a URL and at least one event. The server checks the
 * address further (webhookInput: https, no private address).
 */
export const webhookFormSchema = z.object({
  url: z
    .string({ error: "webhooks.errors.urlInvalid" })
    .trim()
    .min(1, { error: "webhooks.errors.urlInvalid" })
    .max(MAX_URL_LENGTH, { error: "webhooks.errors.urlTooLong" })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: "webhooks.errors.urlInvalid" }),
  events: z.preprocess(
    (v) => (v === undefined ? [] : typeof v === "string" ? [v] : v),
    z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "webhooks.errors.eventsInvalid" }), { error: "webhooks.errors.eventsInvalid" })
      .min(1, { error: "webhooks.errors.eventsInvalid" }),
  ),
});

import { apiData, apiRoute } from "~/modules/api/api.server";
import { receiveStripeWebhook } from "~/modules/billing/webhooks.server";

/**
 * POST /api/stripe/webhook: Stripe's event deliveries, verified on the raw body (Stripe-Signature).
 * 2xx once handled, replayed or ignored; 400 invalid_signature; 5xx when Stripe cannot be read
 * back, so Stripe delivers the event again.
 */
const handler = apiRoute({
  POST: async ({ request }) => {
    const rawBody = Buffer.from(await request.arrayBuffer());
    const outcome = await receiveStripeWebhook(rawBody, request.headers.get("Stripe-Signature"));
    return apiData({ received: true, outcome });
  },
});

export const loader = handler;
export const action = handler;

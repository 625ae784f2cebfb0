import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { openBillingPortal } from "~/modules/billing/checkout.server";

/** POST /api/stripe/portal: {url} of the user's Stripe billing portal (card, invoices, cancelling). */
const handler = apiRoute({
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    return apiData({ url: await openBillingPortal(user) });
  },
});

export const loader = handler;
export const action = handler;

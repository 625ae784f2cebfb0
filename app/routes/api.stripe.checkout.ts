import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { startCheckout } from "~/modules/billing/checkout.server";
import { checkoutSchema } from "~/modules/billing/schemas";

/** POST /api/stripe/checkout {interval: "month"|"year"}: {url} of the Stripe page where the user pays for Pro. */
const handler = apiRoute({
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    const { interval } = parseBody(checkoutSchema, await readBody(request));
    return apiData({ url: await startCheckout(user, interval) });
  },
});

export const loader = handler;
export const action = handler;

import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, webhookParams } from "~/modules/http/params.server";
import { pingWebhook } from "~/modules/webhooks/webhooks.server";

/** POST /api/webhooks/{id}/test: sends a `ping` event now; answers the attempt. */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiUser(request);
    const { webhookId } = getParams(params, webhookParams);
    return apiData(await pingWebhook(actor, webhookId));
  },
});

export const loader = handler;
export const action = handler;

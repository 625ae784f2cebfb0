import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, webhookParams } from "~/modules/http/params.server";
import { listAttempts } from "~/modules/webhooks/webhooks.server";

/** GET /api/webhooks/{id}/attempts: the webhook's last 50 delivery attempts, newest first. */
const handler = apiRoute({
  GET: async ({ request, params }) => {
    const { actor } = await requireApiUser(request);
    const { webhookId } = getParams(params, webhookParams);
    return apiData(await listAttempts(actor, webhookId));
  },
});

export const loader = handler;
export const action = handler;

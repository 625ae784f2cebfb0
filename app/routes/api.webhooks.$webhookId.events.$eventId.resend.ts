import { apiNoContent, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, webhookEventParams } from "~/modules/http/params.server";
import { resendEvent } from "~/modules/webhooks/webhooks.server";

/** POST /api/webhooks/{id}/events/{eventId}/resend: queues the event again for this webhook, same event id (204). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiUser(request);
    const { webhookId, eventId } = getParams(params, webhookEventParams);
    await resendEvent(actor, webhookId, eventId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;

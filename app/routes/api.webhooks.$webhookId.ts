import { apiNoContent, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getParams, webhookParams } from "~/modules/http/params.server";
import { deleteWebhook } from "~/modules/webhooks/webhooks.server";

/** DELETE /api/webhooks/{id}: deletes the webhook and its delivery history (204). */
const handler = apiRoute({
  DELETE: async ({ request, params }) => {
    const { actor } = await requireApiUser(request);
    const { webhookId } = getParams(params, webhookParams);
    await deleteWebhook(actor, webhookId);
    return apiNoContent();
  },
});

export const loader = handler;
export const action = handler;

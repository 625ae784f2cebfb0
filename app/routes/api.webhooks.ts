import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { createWebhook, listWebhooks, webhookInput } from "~/modules/webhooks/webhooks.server";

/**
 * GET /api/webhooks: the caller's webhooks. POST: adds one ({url, events}); its `secret` is in this
 * answer only (201). Session only: a token never manages webhooks.
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { actor } = await requireApiUser(request);
    return apiData(await listWebhooks(actor));
  },
  POST: async ({ request }) => {
    const { actor } = await requireApiUser(request);
    const input = parseBody(webhookInput, await readBody(request));
    return apiData(await createWebhook(actor, input), { status: 201 });
  },
});

export const loader = handler;
export const action = handler;

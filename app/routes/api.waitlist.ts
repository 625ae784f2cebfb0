import { apiData, apiRoute, parseBody, readBody } from "~/modules/api/api.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { HONEYPOT_FIELD, waitlistSchema } from "~/modules/marketing/schemas";
import { joinWaitlist, waitlistCount } from "~/modules/marketing/waitlist.server";

/**
 * GET /api/waitlist: {count}. POST /api/waitlist {fullName, email}: joins (an address already on
 * the list is answered the same way) and answers the new count. Used by the landing page's script.
 */
const handler = apiRoute({
  GET: async () => apiData({ count: await waitlistCount() }),
  POST: async ({ request, context }) => {
    const input = parseBody(waitlistSchema, await readBody(request));
    await joinWaitlist(
      { fullName: input.fullName, email: input.email, locale: await getLocale(request), honeypot: input[HONEYPOT_FIELD] },
      context.clientIp ?? null,
    );
    return apiData({ joined: true, count: await waitlistCount() });
  },
});

export const loader = handler;
export const action = handler;

import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { clearSessionCookie, destroySession } from "~/modules/auth/session.server";

/** POST /api/auth/logout: ends the session; without one it is a 401 (docs/api.md). */
const handler = apiRoute({
  POST: async ({ request }) => {
    await requireApiUser(request);
    await destroySession(request);
    return apiData(null, { headers: { "Set-Cookie": await clearSessionCookie() } });
  },
});

export const loader = handler;
export const action = handler;

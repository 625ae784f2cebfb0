import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { getUserProfile } from "~/modules/users/user.server";

/** GET /api/users/me: the profile in `data`. */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { user } = await requireApiUser(request);
    return apiData(await getUserProfile(user.id));
  },
});

export const loader = handler;
export const action = handler;

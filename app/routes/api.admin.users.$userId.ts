import { apiData, apiRoute, parseBody, readBody, requireApiAdmin } from "~/modules/api/api.server";
import { setPromotedAdmin } from "~/modules/admin/promotion.server";
import { setAdminBodySchema } from "~/modules/admin/schemas";
import { getParams, userParams } from "~/modules/http/params.server";

/** PATCH /api/admin/users/{userId} {isAdmin}: promote or demote another account; admins only. */
const handler = apiRoute({
  PATCH: async ({ request, params }) => {
    const { user } = await requireApiAdmin(request);
    const { userId } = getParams(params, userParams);
    const { isAdmin } = parseBody(setAdminBodySchema, await readBody(request));
    return apiData(await setPromotedAdmin(user.id, userId, isAdmin));
  },
});

export const loader = handler;
export const action = handler;

import { apiData, apiRoute, requireApiUser } from "~/modules/api/api.server";
import { disconnect } from "~/modules/connections/disconnect.server";
import { AppError } from "~/modules/errors/app-error";
import { isPlatform } from "~/modules/platforms/platforms";

/** POST /api/auth/{provider}/disconnect: removes the connection (X's token is revoked). */
const handler = apiRoute({
  POST: async ({ request, params }) => {
    const { user } = await requireApiUser(request);
    const provider = params.provider;
    if (!isPlatform(provider)) throw new AppError("not_found", "errors.apiNotFound");
    await disconnect(user.id, provider);
    return apiData(null);
  },
});

export const loader = handler;
export const action = handler;

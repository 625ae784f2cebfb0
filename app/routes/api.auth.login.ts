import { apiData, apiRoute, parseBody, readBody } from "~/modules/api/api.server";
import { signIn } from "~/modules/auth/auth.server";
import { apiLoginSchema } from "~/modules/auth/schemas";
import { sessionClient } from "~/modules/http/context";
import { getUserProfile } from "~/modules/users/user.server";

/** POST /api/auth/login: the user in `data`, and the session cookie. */
const handler = apiRoute({
  POST: async ({ request, context }) => {
    const input = parseBody(apiLoginSchema, await readBody(request));
    const { userId, cookie } = await signIn(input, sessionClient(request, context));
    return apiData(await getUserProfile(userId), { headers: { "Set-Cookie": cookie } });
  },
});

export const loader = handler;
export const action = handler;

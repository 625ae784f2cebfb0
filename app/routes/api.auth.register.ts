import { apiData, apiRoute, parseBody, readBody } from "~/modules/api/api.server";
import { signUp } from "~/modules/auth/auth.server";
import { apiRegisterSchema } from "~/modules/auth/schemas";
import { sessionClient } from "~/modules/http/context";
import { getLocale } from "~/modules/i18n/i18n.server";
import { getUserProfile } from "~/modules/users/user.server";

/** POST /api/auth/register: creates the account and signs it in (docs/api.md). */
const handler = apiRoute({
  POST: async ({ request, context }) => {
    const input = parseBody(apiRegisterSchema, await readBody(request));
    const { userId, cookie } = await signUp(
      { email: input.email, password: input.password, timezone: input.timezone, locale: await getLocale(request) },
      sessionClient(request, context),
    );
    return apiData(await getUserProfile(userId), { status: 201, headers: { "Set-Cookie": cookie } });
  },
});

export const loader = handler;
export const action = handler;

import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { changePassword } from "~/modules/auth/auth.server";
import { apiChangePasswordSchema } from "~/modules/auth/schemas";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { sessionClient } from "~/modules/http/context";

/**
 * PUT /api/users/password: oldPassword, newPassword. Every session ends; this client carries on
 * with the new session cookie sent back.
 */
const handler = apiRoute({
  PUT: async ({ request, context }) => {
    const { user } = await requireApiUser(request);
    const input = parseBody(apiChangePasswordSchema, await readBody(request));
    let cookie: string;
    try {
      ({ cookie } = await changePassword(user.id, { currentPassword: input.oldPassword, newPassword: input.newPassword }, sessionClient(request, context)));
    } catch (error) {
      // The API names the field oldPassword.
      if (isAppError(error) && error.code === "wrong_password") {
        throw new AppError(error.code, error.messageKey, { fields: { oldPassword: error.messageKey } });
      }
      throw error;
    }
    return apiData(null, { headers: { "Set-Cookie": cookie } });
  },
});

export const loader = handler;
export const action = handler;

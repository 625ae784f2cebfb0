import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { changePassword } from "~/modules/auth/auth.server";
import { apiChangePasswordSchema } from "~/modules/auth/schemas";
import { AppError, isAppError } from "~/modules/errors/app-error";

/** PUT /api/users/password: oldPassword, newPassword. Other sessions are signed out. */
const handler = apiRoute({
  PUT: async ({ request }) => {
    const { user, sessionId } = await requireApiUser(request);
    const input = parseBody(apiChangePasswordSchema, await readBody(request));
    try {
      await changePassword(user.id, sessionId, { currentPassword: input.oldPassword, newPassword: input.newPassword });
    } catch (error) {
      // The API names the field oldPassword.
      if (isAppError(error) && error.code === "wrong_password") {
        throw new AppError(error.code, error.status, error.messageKey, { fields: { oldPassword: error.messageKey } });
      }
      throw error;
    }
    return apiData(null);
  },
});

export const loader = handler;
export const action = handler;

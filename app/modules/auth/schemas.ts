import { z } from "zod";

// Messages are i18n keys, translated where they are shown (forms) or sent (API), so the same
// schema serves the browser, the server and the API in both languages.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const emailSchema = z
  .string({ error: "validation.invalidEmail" })
  .trim()
  .toLowerCase()
  .max(254, "validation.invalidEmail")
  .pipe(z.email({ error: "validation.invalidEmail" }));

export const newPasswordSchema = z
  .string({ error: "validation.passwordMin" })
  .min(PASSWORD_MIN, "validation.passwordMin")
  .max(PASSWORD_MAX, "validation.passwordMax");

const requiredPassword = z.string({ error: "validation.passwordRequired" }).max(PASSWORD_MAX, "validation.passwordMax");

/**
 * A refinement that says two fields must be equal. It runs even when other fields are invalid, so
 * a form shows 'Passwords must match' together with the other messages, not one submit later.
 */
function fieldsMatch<T extends Record<string, unknown>>(field: keyof T & string, confirmation: keyof T & string, message: string) {
  return [
    (value: T) => value[field] === value[confirmation],
    {
      path: [confirmation] as PropertyKey[],
      message,
      when: (payload: { value: unknown }) => {
        const value = payload.value as Partial<T> | undefined;
        return typeof value?.[field] === "string" && typeof value?.[confirmation] === "string";
      },
    },
  ] as const;
}

export const timezoneSchema = z.string().max(64).optional();

export const signupSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "validation.passwordsMustMatch" }),
    acceptTerms: z.boolean({ error: "validation.acceptTerms" }).refine((v) => v, "validation.acceptTerms"),
    timezone: timezoneSchema,
    redirectTo: z.string().optional(),
  })
  .refine(...fieldsMatch("password", "confirmPassword", "validation.passwordsMustMatch"));

export const loginSchema = z.object({
  email: emailSchema,
  password: requiredPassword,
  redirectTo: z.string().optional(),
});

export const changePasswordSchema = z
  .object({
    currentPassword: requiredPassword,
    newPassword: newPasswordSchema,
    confirmNewPassword: z.string({ error: "validation.newPasswordsMustMatch" }),
  })
  .refine(...fieldsMatch("newPassword", "confirmNewPassword", "validation.newPasswordsMustMatch"));

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "auth.reset.invalidLink" }).min(10, "auth.reset.invalidLink"),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "validation.passwordsMustMatch" }),
  })
  .refine(...fieldsMatch("password", "confirmPassword", "validation.passwordsMustMatch"));

// The JSON API (docs/api.md): registration has no confirmation field; username equals the e-mail.
export const apiRegisterSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  username: z.string().max(254).optional(),
  timezone: timezoneSchema,
});

export const apiLoginSchema = z.object({ email: emailSchema, password: requiredPassword });

export const apiChangePasswordSchema = z.object({ oldPassword: requiredPassword, newPassword: newPasswordSchema });

/** The setup screen of a fresh install (decision 61): the code from the server log, then the admin account. */
export const setupSchema = z
  .object({
    code: z.string({ error: "setup.errors.codeRequired" }).trim().min(1, "setup.errors.codeRequired").max(40, "setup.errors.wrongCode"),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "validation.passwordsMustMatch" }),
    timezone: timezoneSchema,
  })
  .refine((value) => value.password === value.confirmPassword, { path: ["confirmPassword"], message: "validation.passwordsMustMatch" });

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
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsMustMatch",
  });

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
  .refine((value) => value.newPassword === value.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: "validation.newPasswordsMustMatch",
  });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "auth.reset.invalidLink" }).min(10, "auth.reset.invalidLink"),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "validation.passwordsMustMatch" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsMustMatch",
  });

// The JSON API (SPEC section 7): registration has no confirmation field; username equals the e-mail.
export const apiRegisterSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  username: z.string().max(254).optional(),
  timezone: timezoneSchema,
});

export const apiLoginSchema = z.object({ email: emailSchema, password: requiredPassword });

export const apiChangePasswordSchema = z.object({ oldPassword: requiredPassword, newPassword: newPasswordSchema });

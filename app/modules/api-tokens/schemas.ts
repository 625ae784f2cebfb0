import { z } from "zod";
import { API_SCOPES } from "./scopes";

// A new personal access token, as the JSON API and the profile's form send it (docs/api.md).

export const MAX_TOKEN_NAME = 100;
export const MAX_TOKEN_DAYS = 365;
/** What the profile's form offers; the API takes any whole number of days from 1 to 365. */
export const EXPIRY_CHOICES = [7, 30, 90, 365] as const;

export const createApiTokenSchema = z.object({
  name: z
    .string({ error: "apiTokens.validation.name" })
    .trim()
    .min(1, { error: "apiTokens.validation.name" })
    .max(MAX_TOKEN_NAME, { error: "apiTokens.validation.nameTooLong" }),
  scopes: z
    .array(z.enum(API_SCOPES, { error: "apiTokens.validation.scopes" }), { error: "apiTokens.validation.scopes" })
    .min(1, { error: "apiTokens.validation.scopes" })
    .max(API_SCOPES.length * 4, { error: "apiTokens.validation.scopes" }),
  /** Absent (or null): the token never expires. */
  expiresInDays: z
    .number({ error: "apiTokens.validation.expiresInDays" })
    .int({ error: "apiTokens.validation.expiresInDays" })
    .min(1, { error: "apiTokens.validation.expiresInDays" })
    .max(MAX_TOKEN_DAYS, { error: "apiTokens.validation.expiresInDays" })
    .nullish()
    .transform((days) => days ?? undefined),
});

export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

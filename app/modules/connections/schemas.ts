import { z } from "zod";

/** GET /api/auth/{provider}/url's query; anything else in `prompt` is ignored, as if absent. */
export const connectQuerySchema = z.object({
  prompt: z.enum(["login"]).optional().catch(undefined),
  returnTo: z.string().optional(),
});

/**
 * POST /api/auth/{provider}/disconnect's body. `userIdProvider`, the account's id at the provider,
 * is optional (one connection per provider); when given it must name the connected account.
 */
export const disconnectBodySchema = z.object({
  userIdProvider: z.string().trim().min(1).max(255).optional(),
});

/**
 * The app-password connect form (Bluesky): a handle or e-mail and an app password made for Plume,
 * never the account's main password; `service`, the user's own server, is optional (found from the
 * handle otherwise).
 */
export const appPasswordFormSchema = z.object({
  identifier: z
    .string({ error: "profile.appPassword.identifierRequired" })
    .trim()
    .min(1, "profile.appPassword.identifierRequired")
    .max(253, "profile.appPassword.identifierRequired"),
  appPassword: z
    .string({ error: "profile.appPassword.passwordRequired" })
    .trim()
    .min(1, "profile.appPassword.passwordRequired")
    .max(200, "profile.appPassword.passwordRequired"),
  service: z
    .string()
    .trim()
    .max(500)
    .optional()
    .refine((value) => !value || /^https?:\/\/[^\s/]+/.test(value), "profile.appPassword.serviceInvalid"),
});
export type AppPasswordForm = z.infer<typeof appPasswordFormSchema>;

/**
 * The Mastodon connect form (decision 57): the instance's address as the user writes it
 * ("mastodon.social", "https://mastodon.social", "@ada@mastodon.social"); the network's
 * normaliseInstance says whether Plume may call it.
 */
export const instanceFormSchema = z.object({
  instance: z.string({ error: "profile.instance.required" }).trim().min(1, "profile.instance.required").max(300, "profile.instance.invalid"),
});
export type InstanceForm = z.infer<typeof instanceFormSchema>;

/**
 * The "Add pages" form: the pages chosen (their ids at the network, as the page listed them; the
 * server checks each against the pages the member administers now) and where to go back to.
 */
export const addPagesFormSchema = z.object({
  pages: z
    .array(z.string().trim().min(1).max(200), { error: "connections.pages.noneChosen" })
    .min(1, "connections.pages.noneChosen")
    .max(100, "connections.pages.noneChosen"),
  returnTo: z.string().max(2000).optional(),
});
export type AddPagesForm = z.infer<typeof addPagesFormSchema>;

/** POST /api/channels/linkedin/organizations: the organization's id, numeric or as its URN. */
export const addOrganizationBodySchema = z.object({
  organizationId: z
    .string({ error: "connections.pages.organizationIdInvalid" })
    .trim()
    .regex(/^(urn:li:organization:)?\d{1,20}$/, "connections.pages.organizationIdInvalid"),
});

/** The organization's URN (the page channel's providerUserId) from a numeric id or the URN itself. */
export function organizationUrnOf(organizationId: string): string {
  return organizationId.startsWith("urn:li:organization:") ? organizationId : `urn:li:organization:${organizationId}`;
}

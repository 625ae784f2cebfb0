import { z } from "zod";

// Messages are i18n keys (translated where shown), as in every form schema.

/** A settings value as typed: trimmed, bounded; empty means "leave as it is" (secrets) or "unset". */
const settingValue = z.string().trim().max(2000).optional();

/** Every form of /admin/settings, told apart by its button's intent. */
export const settingsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("site"), SITE_NAME: settingValue, APP_URL: settingValue }),
  z.object({ intent: z.literal("network"), network: z.enum(["linkedin", "twitter"]), clientId: settingValue, clientSecret: settingValue }),
  z.object({ intent: z.literal("test-network"), network: z.enum(["linkedin", "twitter"]) }),
  z.object({ intent: z.literal("mail"), SMTP_URL: settingValue, MAIL_FROM: settingValue }),
  z.object({ intent: z.literal("test-mail") }),
  z.object({ intent: z.literal("ai"), AI_BASE_URL: settingValue, AI_API_KEY: settingValue, AI_MODEL: settingValue }),
  z.object({ intent: z.literal("test-ai") }),
  z.object({
    intent: z.literal("clear"),
    key: z.enum(["SMTP_URL", "AI_API_KEY", "LINKEDIN_CLIENT_SECRET", "X_CLIENT_SECRET"]),
    confirmed: z.literal("yes").optional(),
  }),
]);
export type SettingsForm = z.infer<typeof settingsFormSchema>;

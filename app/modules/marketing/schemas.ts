import { z } from "zod";
import { emailSchema } from "~/modules/auth/schemas";
import { isStorableText } from "~/modules/forms/text";

const name = z
  .string({ error: "marketing.validation.nameRequired" })
  .trim()
  .min(2, "marketing.validation.nameRequired")
  .max(120, "marketing.validation.nameTooLong")
  .refine(isStorableText, "errors.invalidCharacters");

/** A field people never see: a bot that fills it in is answered as if it had joined. */
export const HONEYPOT_FIELD = "website";

export const waitlistSchema = z.object({
  fullName: name,
  email: emailSchema,
  [HONEYPOT_FIELD]: z.string().optional(),
});

export const CONTACT_TOPICS = ["general", "sales", "support", "billing", "press"] as const;

export const contactSchema = z.object({
  name,
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS).default("general"),
  message: z
    .string({ error: "marketing.validation.messageRequired" })
    .trim()
    .min(10, "marketing.validation.messageTooShort")
    .max(5000, "marketing.validation.messageTooLong")
    .refine(isStorableText, "errors.invalidCharacters"),
  [HONEYPOT_FIELD]: z.string().optional(),
});

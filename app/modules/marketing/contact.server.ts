import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import type { Locale } from "~/modules/i18n/i18n";
import { logger } from "~/core/logger/logger.server";
import { sendMail } from "~/modules/mail/mail.server";
import { enforce } from "~/modules/rate-limit/rate-limit.server";

const HOUR_MS = 60 * 60 * 1000;

export interface ContactInput {
  name: string;
  email: string;
  topic: string;
  message: string;
  honeypot?: string;
}

/**
 * Keeps a message from /contact and, when SMTP is configured, mails it to the administrators
 * (ADMIN_EMAILS) with the sender as Reply-To. Limited per IP address.
 */
export async function sendContactMessage(input: ContactInput, context: { ip: string | null; userId: string | null; locale: Locale }): Promise<void> {
  if (context.ip) await enforce(`contact:ip:${context.ip}`, { limit: 5, windowMs: HOUR_MS });
  if (input.honeypot) return;
  const db = getDb();
  const saved = await db.contactMessage.create({
    data: { name: input.name, email: input.email, topic: input.topic, message: input.message, locale: context.locale, userId: context.userId },
  });
  const env = getEnv();
  if (!env.SMTP_URL || env.ADMIN_EMAILS.length === 0) return;
  try {
    await sendMail({
      to: env.ADMIN_EMAILS.join(", "),
      replyTo: `${input.name} <${input.email}>`,
      subject: `[${env.SITE_NAME}] ${input.topic}: ${input.name}`,
      text: `${input.message}\n\n— ${input.name} <${input.email}> (${context.locale})`,
      html: "",
    });
    await db.contactMessage.update({ where: { id: saved.id }, data: { mailedAt: new Date() } });
  } catch (error) {
    // The message is kept: an administrator still finds it in the database.
    logger.error({ err: error, messageId: saved.id }, "Could not mail a contact message");
  }
}

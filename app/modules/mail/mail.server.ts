import { writeFile } from "node:fs/promises";
import path from "node:path";
import type * as Nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { getEnv } from "~/core/env/env.server";
import { makePrivateDir, PRIVATE_FILE_MODE } from "~/modules/files/private-files.server";
import { logger } from "~/core/logger/logger.server";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";

const nodemailer = loadOnFirstUse<typeof Nodemailer>("nodemailer");

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Empty for a plain-text message. */
  html: string;
  replyTo?: string;
}

// Kept with the URL it was made for: a saved SMTP setting (decision 61) may change it while running.
let transport: { url: string; transporter: Transporter } | undefined;

/**
 * Sends through SMTP_URL when it is set; otherwise writes each message as an .eml file under
 * DATA_DIR/mail, where a developer (or a test) can open it. Only the subject and recipient are
 * logged: bodies carry single-use links.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  const message = { from: env.MAIL_FROM, ...mail, html: mail.html || undefined };
  if (env.SMTP_URL) {
    if (transport?.url !== env.SMTP_URL) transport = { url: env.SMTP_URL, transporter: nodemailer().createTransport(env.SMTP_URL) };
    await transport.transporter.sendMail(message);
    logger.info({ to: mail.to, subject: mail.subject }, "Mail sent");
    return;
  }
  const rendered = await nodemailer().createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  const dir = path.join(env.DATA_DIR, "mail");
  await makePrivateDir(dir);
  const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
  // Private: a mail holds a live sign-in or reset link.
  await writeFile(file, rendered.message as Buffer, { mode: PRIVATE_FILE_MODE });
  logger.info({ to: mail.to, subject: mail.subject, file }, "Mail written to file (SMTP_URL is not set)");
}

import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { readMail } from "./inbox";

/** A message as Plume's mailer writes it without SMTP (app/modules/mail/mail.server.ts). */
async function rendered(mail: { to: string; subject: string; text: string; html?: string }): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const { message } = await transport.sendMail({ from: "Plume <no-reply@localhost>", ...mail });
  return (message as Buffer).toString("utf8");
}

describe("the demo inbox reads Plume's mails", () => {
  it("a plain and HTML mail: the text part, its long link whole, its accents and subject decoded", async () => {
    const link = `http://localhost:3000/verify-email?token=${"Ab9_-".repeat(12)}`;
    const mail = readMail(
      await rendered({
        to: "zoé@example.com",
        subject: "Confirmez votre adresse e-mail – Plume",
        text: `Bonjour,\n\nConfirmer mon adresse : ${link}\n\nL’équipe Plume`,
        html: `<p>Bonjour,</p><a href="${link}">Confirmer</a>`,
      }),
    );
    expect(mail.subject).toBe("Confirmez votre adresse e-mail – Plume");
    expect(mail.to).toContain("zoé@example.com");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("L’équipe Plume");
    expect(mail.text).not.toContain("<p>");
  });

  it("a text-only mail", async () => {
    const mail = readMail(
      await rendered({ to: "a@example.com", subject: "Reset your password", text: "Choose a new password: http://localhost:3000/reset?token=x" }),
    );
    expect(mail).toMatchObject({ subject: "Reset your password", text: "Choose a new password: http://localhost:3000/reset?token=x" });
  });
});

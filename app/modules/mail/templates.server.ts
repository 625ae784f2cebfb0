import type { TFunction } from "i18next";
import { getEnv } from "~/core/env/env.server";
import type { Mail } from "./mail.server";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A plain, readable message with one call to action, as text and HTML. */
export function actionMail(t: TFunction, to: string, content: { subject: string; intro: string; action: string; url: string; outro: string }): Mail {
  const site = getEnv().SITE_NAME;
  const greeting = t("mail.greeting");
  const signature = t("mail.signature", { site });
  const text = [greeting, "", content.intro, "", `${content.action}: ${content.url}`, "", content.outro, "", signature].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(content.intro)}</p>
<p><a href="${escapeHtml(content.url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(content.url)}</p>
<p>${escapeHtml(content.outro)}</p><p>${escapeHtml(signature)}</p></body></html>`;
  return { to, subject: `${content.subject} - ${site}`, text, html };
}

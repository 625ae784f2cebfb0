// The demo inbox: the mails Plume wrote under DATA_DIR/mail (no SMTP in the demo), newest first, their
// links clickable, so a sign-up's verification link is one click away without reading a console.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import { escapeHtml, networkPage } from "../fakes/network-pages";

const SHOWN = 30;

export interface ReadMail {
  to: string;
  subject: string;
  date: string;
  text: string;
}

/** Decodes a quoted-printable or base64 body; 7bit/8bit as is. */
function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (!/quoted-printable/i.test(encoding)) return body;
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_m, _charset, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
  );
}

function split(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? "" : part.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** The plain-text part of a message as nodemailer writes it. */
export function readMail(source: string): ReadMail {
  const { headers, body } = split(source);
  let text = decodeBody(body, headers["content-transfer-encoding"] ?? "");
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).map(split);
    const plain = parts.find((p) => /text\/plain/i.test(p.headers["content-type"] ?? ""));
    text = plain ? decodeBody(plain.body, plain.headers["content-transfer-encoding"] ?? "") : "";
  }
  return { to: decodeHeader(headers.to ?? ""), subject: decodeHeader(headers.subject ?? ""), date: headers.date ?? "", text: text.trim() };
}

/** Escaped text with its http(s) links made into links. */
function linked(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function demoInbox(dataDir: string): RequestHandler {
  const dir = path.join(dataDir, "mail");
  return async (_req, res, next) => {
    try {
      const files = (await readdir(dir).catch(() => [] as string[]))
        .filter((f) => f.endsWith(".eml"))
        .sort()
        .reverse()
        .slice(0, SHOWN);
      const mails = await Promise.all(files.map(async (file) => readMail(await readFile(path.join(dir, file), "utf8"))));
      const list = mails.length
        ? mails
            .map(
              (mail) =>
                `<article class="post"><b>${escapeHtml(mail.subject)}</b><div class="muted">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.date)}</div><p>${linked(mail.text)}</p></article>`,
            )
            .join("")
        : `<p>No mail yet. Sign up or ask for a password reset: the mail Plume would send appears here.</p>`;
      const body = `<div class="card"><h1>Demo inbox</h1><p class="muted">The mails Plume would have sent. In the demo nothing is sent: they are kept here, newest first.</p><p><a href="/">Back to Plume</a></p>${list}</div>`;
      res
        .set("Cache-Control", "no-store")
        .type("html")
        .send(networkPage({ name: "Demo inbox", accent: "#7c3aed" }, { title: "Demo inbox", body, demo: true }));
    } catch (error) {
      next(error);
    }
  };
}

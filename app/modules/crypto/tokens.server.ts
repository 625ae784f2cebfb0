import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe secret (256 bits) for cookies and mailed links. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: a leaked table opens nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/core/env/env.server";

// Secrets at rest (OAuth tokens) are sealed with AES-256-GCM under a key derived from APP_SECRET.
// A sealed value reads "v1.<iv>.<tag>.<ciphertext>" (base64url): the version lets the scheme move on.

const VERSION = "v1";

function key(purpose: string): Buffer {
  return createHash("sha256").update(`plume:${purpose}:`).update(getEnv().APP_SECRET).digest();
}

export function seal(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key("seal"), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The plaintext, or an error when the value was altered or sealed under another APP_SECRET. */
export function unseal(sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error("Not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", key("seal"), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** An HMAC signature of a value (for OAuth state), base64url. */
export function sign(value: string): string {
  return createHmac("sha256", key("sign")).update(value).digest("base64url");
}

export function verifySignature(value: string, signature: string): boolean {
  const expected = Buffer.from(sign(value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

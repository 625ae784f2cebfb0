import { createHash, randomBytes } from "node:crypto";

// PKCE (RFC 7636) for the networks whose OAuth descriptor says `pkce`: the app keeps the verifier
// (sealed, with the state) and sends the challenge with the consent request.

/** PKCE with S256: a 64-character base64url verifier (unreserved characters only). */
export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

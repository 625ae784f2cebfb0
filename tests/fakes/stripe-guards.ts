// What Stripe checks on every API request before any endpoint runs: the secret key, the API version,
// and a repeated Idempotency-Key. Used by stripe-server.ts.
import type { RecordedRequest, Reply } from "./fake-kit";
import { stripeError } from "./stripe-objects";

const OLDEST_VERSION = "2025-03-31"; // basil: the period end moved to the subscription item

/** The 401 for a missing or wrong `Authorization: Bearer` key (the wrong one shown masked, as Stripe does). */
export function authProblem(header: string | undefined, secretKey: string): Reply | null {
  if (!header?.startsWith("Bearer ") || header.length === 7)
    return stripeError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  const key = header.slice(7);
  if (key === secretKey) return null;
  const masked = `${key.slice(0, key.indexOf("_", 3) + 1)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
  return stripeError(401, `Invalid API Key provided: ${masked}`);
}

/** A malformed Stripe-Version is Stripe's 400; one older than basil would expect shapes this fake does not give. */
export function versionProblem(version: string | string[] | undefined): Reply | null {
  if (version === undefined) return null;
  if (typeof version !== "string" || !/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(version)) return stripeError(400, `Invalid Stripe API version: ${String(version)}`);
  if (version.slice(0, 10) < OLDEST_VERSION) return stripeError(400, `This fake answers in the shape of ${OLDEST_VERSION}.basil or later, not ${version}.`);
  return null;
}

/**
 * Stripe replays a successful answer for a repeated Idempotency-Key and refuses the key with other
 * parameters; failed requests are not remembered, so they may be retried with the same key.
 */
export function idempotencyKeys() {
  const answered = new Map<string, { fingerprint: string; reply: Reply }>();
  return function idempotently(request: RecordedRequest, raw: Buffer, answer: () => Reply): Reply {
    const key = request.headers["idempotency-key"];
    if (request.method !== "POST" || typeof key !== "string") return answer();
    const fingerprint = `${request.path} ${raw.toString("utf8")}`;
    const earlier = answered.get(key);
    if (earlier && earlier.fingerprint !== fingerprint) {
      return stripeError(
        400,
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        { type: "idempotency_error" },
      );
    }
    if (earlier) return { ...earlier.reply, headers: { ...earlier.reply.headers, "Idempotent-Replayed": "true" } };
    const reply = answer();
    if (reply.status < 300) answered.set(key, { fingerprint, reply });
    return reply;
  };
}

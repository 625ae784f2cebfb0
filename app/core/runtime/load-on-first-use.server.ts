import { createRequire } from "node:module";

const requireFromHere = createRequire(import.meta.url);

/**
 * A package loaded the first time the returned function is called, not when the server starts.
 * For the large packages only some servers or requests need (image resizing, billing, the model
 * API, PostHog, SMTP, the PostgreSQL driver): loaded at startup they held ~40 MB that an idle
 * server on SQLite never uses (docs/decisions/0037). Synchronous, so the callers keep their shape.
 */
export function loadOnFirstUse<T>(packageName: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFromHere(packageName) as T);
}

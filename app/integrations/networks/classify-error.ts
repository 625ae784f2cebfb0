import { isProviderError, type ProviderError } from "~/integrations/provider-error";
import type { ErrorClass } from "~/integrations/networks/types";

// The mapping every network shares (the same as the publisher's, app/modules/publishing/
// failures.server.ts, without its attempt counting); a network adds its own cases before it.

/** The calls that create something visible: failing without an answer, they may have created it. */
const CREATING = new Set(["post", "comment"]);

export function classifyCommon(error: unknown, step: "post" | "prepare" = "post"): ErrorClass {
  if (!isProviderError(error)) return { kind: "retryable", code: "internal" };
  // An image upload or a token call failing creates no part, whatever step the caller is at.
  const operation = error.details.operation;
  if (operation && !CREATING.has(operation)) step = "prepare";
  const { status, retryAt } = error.details;
  if (error.kind === "network") {
    return step === "post" && error.details.sent ? { kind: "uncertain", code: "uncertain" } : { kind: "retryable", code: "network" };
  }
  if (status === 429) return { kind: "retryable", code: "rate_limited", retryAt };
  // A server error answering the create request may still have created the part.
  if (status !== undefined && status >= 500) return step === "post" ? { kind: "uncertain", code: "uncertain" } : { kind: "retryable", code: "server_error" };
  if (status === 401) return { kind: "needs_reconnect", code: "unauthorized" };
  return { kind: "permanent", code: error.details.code ?? `http_${status ?? "error"}` };
}

/** An HTTP answer of this network with this status (and operation, when given). */
export function httpError(error: ProviderError, status: number, operation?: string): boolean {
  return error.kind === "http" && error.details.status === status && (!operation || error.details.operation === operation);
}

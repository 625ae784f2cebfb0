import type { NetworkId } from "~/core/platforms/platforms";

/** Whose API failed: a network's id (Mastodon: a module not yet offered, decision 55). */
export type ProviderName = NetworkId | "mastodon";

/**
 * Everything a provider call can fail with, described once so the publisher can classify it in
 * one place (app/modules/publishing/failures.server.ts):
 * - "http": the provider answered with an error status (`status`, its own `message` and `code`);
 * - "network": no answer. `sent` says whether the request may have reached the provider: false
 *   when the connection was never made (refused, DNS), true when it broke or timed out after the
 *   request went out — an uncertain outcome for a call that creates something.
 */
export class ProviderError extends Error {
  constructor(
    public readonly provider: ProviderName,
    public readonly kind: "http" | "network",
    message: string,
    public readonly details: {
      status?: number;
      /** The provider's own error code (LinkedIn serviceErrorCode/DUPLICATE_POST, X error code…). */
      code?: string;
      /** When the provider says to try again (Retry-After, x-rate-limit-reset), if it says. */
      retryAt?: Date;
      sent?: boolean;
      /** Which call failed, for logs and messages: "token", "userinfo", "upload", "post"… */
      operation?: string;
    } = {},
  ) {
    super(message);
    this.name = "ProviderError";
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

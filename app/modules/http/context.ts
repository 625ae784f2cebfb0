import type { AppLoadContext } from "@remix-run/node";
import type { SessionClient } from "~/modules/auth/session.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-response nonce for inline scripts (Content-Security-Policy). */
    cspNonce: string;
    /** The client's address as Express sees it (TRUST_PROXY decides whether to believe proxies). */
    clientIp: string | null;
    /** The running build's id (Remix's manifest version); none in development, where it changes on every edit. */
    buildVersion?: string | null;
  }
}

export function sessionClient(request: Request, context: AppLoadContext): SessionClient {
  return { ip: context.clientIp ?? null, userAgent: request.headers.get("User-Agent") };
}

import type { AppLoadContext } from "@remix-run/node";

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

/** Who is asking, as auth's SessionClient wants it (said structurally: http stays below auth). */
export function sessionClient(request: Request, context: AppLoadContext): { ip: string | null; userAgent: string | null } {
  return { ip: context.clientIp ?? null, userAgent: request.headers.get("User-Agent") };
}

import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

interface SecurityOptions {
  appUrl: string;
  isDevelopment: boolean;
  /** Where our forms may lead (the "Connect" forms redirect to LinkedIn's and X's consent pages). */
  formTargets?: string[];
  /** Other hosts the browser may send requests to (PostHog's ingestion host, when analytics is on). */
  connectTargets?: string[];
  /**
   * Pages whose form leads to an address the user names (the Mastodon instance form, decision 57:
   * its answer redirects to that instance's consent page, which a browser checks against
   * form-action): there, any https origin and these sources too. Every other page keeps the list.
   */
  openForms?: { path: RegExp; sources: string[] };
}

/**
 * Security headers for every answer: a nonce-based Content-Security-Policy, no framing, nosniff,
 * a strict referrer policy, and HSTS whenever the site is served over https.
 */
export function securityHeaders({ appUrl, isDevelopment, formTargets = [], connectTargets = [], openForms }: SecurityOptions) {
  const https = appUrl.startsWith("https://");
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": [
          "'self'",
          ...formTargets.map((url) => new URL(url).origin),
          (req) =>
            openForms && openForms.path.test((req as Request).path) ? ["https:", ...openForms.sources.map((url) => new URL(url).origin)].join(" ") : "'self'",
        ],
        "script-src": ["'strict-dynamic'", "'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...connectTargets.map((url) => new URL(url).origin), ...(isDevelopment ? ["ws:"] : [])],
        "upgrade-insecure-requests": https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  });
}

/** An Origin header's origin (scheme, host and port, normalised as the browser does), or null. */
function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses state-changing requests sent by another site (a second line behind SameSite=Lax
 * cookies): the browser's Origin must be APP_URL's exactly, scheme, host and port (not the Host
 * header, which names the host but not the scheme), or Sec-Fetch-Site must not say cross-site.
 * A page of this very server opened at another address than APP_URL (127.0.0.1 for localhost, a
 * LAN address) is refused too, with an answer naming APP_URL, and `onWrongAddress` is told so the
 * operator's log says it.
 */
export function sameOriginGuard(appUrl: string | (() => string), onWrongAddress?: (origin: string) => void) {
  // A function: the address may change while the server runs (a saved setting, decision 61).
  const originNow = () => new URL(typeof appUrl === "function" ? appUrl() : appUrl).origin;
  const refuse = (res: Response, message = "Cross-site request refused.") => res.status(403).json({ error: { code: "cross_site_request", message } });
  return (req: Request, res: Response, next: NextFunction) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const appOrigin = originNow();
    const origin = req.get("Origin");
    if (origin && origin !== "null") {
      const sent = originOf(origin);
      if (sent === appOrigin) return next();
      if (sent === null || new URL(sent).host !== req.get("Host")) return refuse(res);
      onWrongAddress?.(sent);
      return refuse(res, `This server's address is ${appOrigin} (APP_URL): open it there to use its forms.`);
    }
    if (req.get("Sec-Fetch-Site") === "cross-site" || origin === "null") return refuse(res);
    return next();
  };
}

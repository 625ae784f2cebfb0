import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { sameOriginGuard, securityHeaders } from "./security";

function run(method: string, headers: Record<string, string>, appUrl = "https://plume.example.com", onWrongAddress?: (origin: string) => void) {
  const guard = sameOriginGuard(appUrl, onWrongAddress);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const req = { method, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
  const json = vi.fn();
  const res = { status: vi.fn(() => ({ json })) } as unknown as Response;
  const next = vi.fn() as unknown as NextFunction;
  guard(req, res, next);
  return {
    allowed: (next as unknown as ReturnType<typeof vi.fn>).mock.calls.length === 1,
    res,
    answer: json.mock.calls[0]?.[0] as { error: { message: string } } | undefined,
  };
}

describe("sameOriginGuard", () => {
  it("lets reads through whatever their origin", () => {
    expect(run("GET", { Origin: "https://evil.example" }).allowed).toBe(true);
  });

  it("accepts writes from our origin (whatever Host a proxy passes on) and from non-browser clients", () => {
    expect(run("POST", { Origin: "https://plume.example.com", Host: "internal:3000" }).allowed).toBe(true);
    expect(run("POST", { Origin: "https://PLUME.example.com:443", Host: "plume.example.com" }).allowed).toBe(true);
    expect(run("POST", { Origin: "http://localhost:3000", Host: "localhost:3000" }, "http://localhost:3000/").allowed).toBe(true);
    expect(run("POST", {}).allowed).toBe(true);
  });

  it("compares the scheme, host and port with APP_URL, not only the host", () => {
    // Same host name, other scheme: both directions.
    expect(run("POST", { Origin: "http://plume.example.com", Host: "plume.example.com" }).allowed).toBe(false);
    expect(run("POST", { Origin: "https://localhost:3000", Host: "localhost:3000" }, "http://localhost:3000").allowed).toBe(false);
    // Same scheme and host, other port.
    expect(run("POST", { Origin: "https://plume.example.com:8443", Host: "plume.example.com:8443" }).allowed).toBe(false);
    expect(run("POST", { Origin: "http://localhost:3001", Host: "localhost:3001" }, "http://localhost:3000").allowed).toBe(false);
    // Another host that the request's Host header happens to name.
    expect(run("POST", { Origin: "http://localhost:3000", Host: "localhost:3000" }).allowed).toBe(false);
  });

  it("says which address to use when this server's own page was opened at another one than APP_URL", () => {
    const wrongAddress = vi.fn();
    const ownPage = run("POST", { Origin: "http://127.0.0.1:3000", Host: "127.0.0.1:3000" }, "http://localhost:3000", wrongAddress);
    expect(ownPage.allowed).toBe(false);
    expect(ownPage.answer?.error.message).toContain("http://localhost:3000");
    expect(wrongAddress).toHaveBeenCalledWith("http://127.0.0.1:3000");
    // Another site is refused without naming our address, and is no operator's mistake.
    const otherSite = run("POST", { Origin: "https://evil.example", Host: "127.0.0.1:3000" }, "http://localhost:3000", wrongAddress);
    expect(otherSite.allowed).toBe(false);
    expect(otherSite.answer?.error.message).toBe("Cross-site request refused.");
    expect(wrongAddress).toHaveBeenCalledTimes(1);
  });

  it("lets Stripe's webhook deliveries through (server to server: no Origin, no Sec-Fetch-Site)", () => {
    expect(
      run("POST", {
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": "t=1,v1=ab",
      }).allowed,
    ).toBe(true);
  });

  it("refuses writes from another site", () => {
    expect(run("POST", { Origin: "https://evil.example", Host: "plume.example.com" }).allowed).toBe(false);
    expect(run("PUT", { "Sec-Fetch-Site": "cross-site" }).allowed).toBe(false);
    expect(run("DELETE", { Origin: "null" }).allowed).toBe(false);
  });
});

function contentSecurityPolicy(options: Parameters<typeof securityHeaders>[0]): string {
  const headers = new Map<string, string>();
  const res = { locals: { cspNonce: "n0nce" }, setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value), removeHeader: vi.fn() };
  securityHeaders(options)({} as Request, res as unknown as Response, vi.fn());
  return headers.get("content-security-policy") ?? "";
}

describe("securityHeaders", () => {
  it("lets the browser reach PostHog's host only when analytics is on", () => {
    const off = contentSecurityPolicy({ appUrl: "https://plume.example.com", isDevelopment: false });
    expect(off).toContain("connect-src 'self';");
    const on = contentSecurityPolicy({ appUrl: "https://plume.example.com", isDevelopment: false, connectTargets: ["https://eu.i.posthog.com"] });
    expect(on).toContain("connect-src 'self' https://eu.i.posthog.com;");
    expect(on).toContain("'nonce-n0nce'");
  });
});

describe("securityHeaders' form-action (decision 57)", () => {
  async function formAction(path: string) {
    const middleware = securityHeaders({
      appUrl: "https://plume.example.com",
      isDevelopment: false,
      formTargets: ["https://www.linkedin.com/oauth/v2"],
      openForms: { path: /^\/profile\/connect\/[a-z]+\/?$/, sources: ["http://127.0.0.1:3410"] },
    });
    const headers = new Map<string, string>();
    const req = { path, headers: {}, method: "GET" } as unknown as Request;
    const res = {
      locals: { cspNonce: "n" },
      setHeader: (k: string, v: string) => headers.set(k.toLowerCase(), String(v)),
      removeHeader: () => {},
    } as unknown as Response;
    await new Promise<void>((resolve) => middleware(req, res, () => resolve()));
    return /form-action ([^;]*)/.exec(headers.get("content-security-policy") ?? "")?.[1] ?? "";
  }

  it("opens to any https instance (and the allowed private origins) only on the instance form's page", async () => {
    expect(await formAction("/profile/connect/mastodon")).toBe("'self' https://www.linkedin.com https: http://127.0.0.1:3410");
    expect(await formAction("/profile")).toBe("'self' https://www.linkedin.com 'self'");
    expect(await formAction("/profile/connect/mastodon/x")).toBe("'self' https://www.linkedin.com 'self'");
  });
});

// The whole app over real HTTP inside an integration test: Vite serves the Remix build from the
// sources (as `npm run dev` does) behind the same security, same-origin and body-limit middleware
// as server/index.ts, on a free port, against the test file's database (tests/setup/database.ts),
// whose client the app's modules share (it lives on globalThis).
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { createServer, type ViteDevServer } from "vite";
import { getEnv } from "~/core/env/env.server";
import { bodyLimit } from "../../server/body-limit";
import { remixHandler } from "../../server/remix-handler";
import { sameOriginGuard, securityHeaders } from "../../server/security";

export interface HttpApp {
  url: string;
  /** The server build the app runs (its route modules). */
  build: () => Promise<ServerBuild>;
  close: () => Promise<void>;
}

export async function startHttpApp(): Promise<HttpApp> {
  process.env.PLUME_TEST_HTTP_APP = "1";
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "error",
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders({ appUrl: env.APP_URL, isDevelopment: false }));
  app.use(sameOriginGuard(env.APP_URL));
  const build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  const remix = remixHandler({
    build,
    mode: "production",
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? null, buildVersion: null }),
  });
  app.use(bodyLimit(remix.tooLarge));
  app.all("*", remix.handle);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  // The first request compiles the app; done here so no test's time limit pays for it.
  await fetch(`http://127.0.0.1:${port}/healthz`);
  return {
    url: `http://127.0.0.1:${port}`,
    build,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
    },
  };
}

/**
 * One browser: keeps the cookies it is given (a cleared one goes), sends forms from the app's own
 * origin, and never follows redirects, so each answer can be looked at.
 */
export class HttpVisitor {
  private readonly cookies = new Map<string, string>();
  /** `cookie`: "name=value" to start signed in (a session made straight in the database). */
  constructor(
    private readonly app: HttpApp,
    cookie?: string,
  ) {
    if (cookie) this.keep(new Response(null, { headers: { "Set-Cookie": cookie } }));
  }

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(path: string): Promise<Response> {
    return this.keep(await fetch(`${this.app.url}${path}`, { headers: { Cookie: this.cookie }, redirect: "manual" }));
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    const headers = { Cookie: this.cookie, Origin: this.app.url, "Content-Type": "application/x-www-form-urlencoded" };
    return this.keep(await fetch(`${this.app.url}${path}`, { method: "POST", headers, body: new URLSearchParams(form), redirect: "manual" }));
  }

  private keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

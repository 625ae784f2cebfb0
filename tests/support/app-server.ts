// The whole app behind the web server's own middleware, on a real port: every route module of
// app/routes.ts assembled into a server build (what the Remix Vite plugin does for `npm run build`),
// handled by server/remix-handler.ts after the same guards, in the same order, as server/index.ts.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { RouteConfigEntry } from "@remix-run/route-config";
import express from "express";
import { getEnv, resetEnvCache } from "~/core/env/env.server";
import { bodyLimit, continueIfWithinLimit } from "../../server/body-limit";
import { routableUrls } from "../../server/malformed-url";
import { remixHandler } from "../../server/remix-handler";
import { sameOriginGuard } from "../../server/security";

const APP_DIRECTORY = path.resolve("app");

type BuildRoute = ServerBuild["routes"][string];

async function buildRoutes(): Promise<ServerBuild["routes"]> {
  // app/routes.ts reads the routes folder through the plugin's app directory.
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = APP_DIRECTORY;
  const config: RouteConfigEntry[] = await (await import("~/routes")).default;
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: (await import("~/root")) as unknown as BuildRoute["module"] },
  };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(/* @vite-ignore */ path.join(APP_DIRECTORY, entry.file))) as BuildRoute["module"];
      routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
      await add(entry.children ?? [], id);
    }
  };
  await add(config, "root");
  return routes;
}

function buildOf(routes: ServerBuild["routes"], entry: ServerBuild["entry"]["module"]): ServerBuild {
  const assetRoutes = Object.fromEntries(
    Object.values(routes).map((route) => [
      route!.id,
      {
        id: route!.id,
        parentId: route!.parentId,
        path: route!.path,
        index: route!.index,
        module: `/assets/${route!.id}.js`,
        hasAction: "action" in route!.module,
        hasLoader: "loader" in route!.module,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: "ErrorBoundary" in route!.module,
        imports: [],
        css: [],
      },
    ]),
  );
  return {
    mode: "production",
    entry: { module: entry },
    routes,
    assets: { entry: { imports: [], module: "/assets/entry.client.js" }, routes: assetRoutes, url: "/assets/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    isSpaMode: false,
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: true,
      v3_routeConfig: true,
    },
  } as unknown as ServerBuild;
}

export interface AppServer {
  url: string;
  /** The route modules the app runs, by route id. */
  routes: ServerBuild["routes"];
  /** The path (and query) of every request the app itself was given, in order. */
  seenByApp: string[];
  close: () => Promise<void>;
}

export async function startAppServer(): Promise<AppServer> {
  const entry = (await import("~/entry.server")) as unknown as ServerBuild["entry"]["module"];
  const build = buildOf(await buildRoutes(), entry);
  const app = express();
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // The app is served at APP_URL, as in production: a browser's Origin and Host then agree with it
  // (Remix refuses an action whose Origin names another host than the request's).
  const previousAppUrl = process.env.APP_URL;
  process.env.APP_URL = url;
  resetEnvCache();
  const env = getEnv();
  const remix = remixHandler({ build, mode: "production", getLoadContext: (req) => ({ cspNonce: "test", clientIp: req.ip ?? null, buildVersion: "test" }) });
  const seenByApp: string[] = [];
  app.use(routableUrls);
  app.use(sameOriginGuard(env.APP_URL));
  app.use(bodyLimit(remix.tooLarge, { lingerMs: 300 }));
  app.all("*", (req, res, next) => {
    seenByApp.push(req.originalUrl);
    return remix.handle(req, res, next);
  });
  server.on("checkContinue", continueIfWithinLimit(app));
  return {
    url,
    routes: build.routes,
    seenByApp,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      process.env.APP_URL = previousAppUrl;
      resetEnvCache();
    },
  };
}

/**
 * One browser: keeps the cookies it is given (a cleared one goes), sends forms from the app's own
 * origin (its APP_URL, as a page of the site would), and never follows redirects, so each answer can
 * be looked at.
 */
export class HttpVisitor {
  private readonly cookies = new Map<string, string>();
  /** `cookie`: "name=value" to start signed in (a session made straight in the database). */
  constructor(
    private readonly app: AppServer,
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

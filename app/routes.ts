import { route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

/** The pages of content/<locale>/pages that are nothing but their content: one route module for all. */
export const CONTENT_PAGES = ["about", "careers", "privacy", "terms"] as const;

async function routes(): Promise<RouteConfigEntry[]> {
  const files = await flatRoutes({ ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/content-page.tsx"] });
  const site = files.find((entry) => entry.id === "routes/_default");
  if (!site) throw new Error("app/routes/_default.tsx (the site's layout) is missing");
  site.children = [...(site.children ?? []), ...CONTENT_PAGES.map((page) => route(page, "routes/content-page.tsx", { id: `routes/content-page.${page}` }))];
  return files;
}

export default routes() satisfies Promise<RouteConfig>;

import { data, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { isDatabaseBusy } from "../app/modules/db/busy";

// A database locked by another process past the time a request waits for it (a backup holding
// SQLite's write lock) answers every page with the error page's 503 and a Retry-After header, not
// a 500 (docs/decisions/0043-reliability.md). The JSON API answers it in apiRoute.

/** What a loader or action that met a busy database leaves for the response. */
export type BusyContext = AppLoadContext & { retryAfterSeconds?: number };

type RouteFunction = (args: { context: AppLoadContext }) => unknown;

function answeringBusy(run: RouteFunction): RouteFunction {
  return async (args) => {
    try {
      return await run(args);
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      (args.context as BusyContext).retryAfterSeconds = error.retryAfterSeconds;
      throw data({ reason: "database_busy" }, { status: 503 });
    }
  };
}

/** The build with each route's loader and action wrapped (a module's exports are read-only: copied). */
export function answerBusyDatabase(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module as { loader?: RouteFunction; action?: RouteFunction };
    const module = { ...route.module, ...(loader ? { loader: answeringBusy(loader) } : {}), ...(action ? { action: answeringBusy(action) } : {}) };
    routes[id] = { ...route, module } as typeof route;
  }
  return { ...build, routes };
}

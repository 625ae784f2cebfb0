import { data, type ServerBuild } from "@remix-run/node";

// A page's action reads its body with `request.formData()`, which throws on a body that is not a
// form (text/plain, JSON, no Content-Type, a multipart body without its boundary): that was a 500
// for what is bad input. Every action's request reads it here instead, and such a body is the
// error page's 400 saying the form could not be read. The API's readBody already answers its own 400.

type RouteFunction = (args: { request: Request }) => unknown;

function readingFormsSafely(action: RouteFunction): RouteFunction {
  return (args) => {
    const { request } = args;
    const formData = request.formData.bind(request);
    request.formData = async () => {
      try {
        return await formData();
      } catch {
        throw data({ reason: "unreadable_form" }, { status: 400 });
      }
    };
    return action(args);
  };
}

/** The build with each route's action given such a request (a module's exports are read-only: copied). */
export function answerUnreadableForms(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { action } = route.module as { action?: RouteFunction };
    routes[id] = (action ? { ...route, module: { ...route.module, action: readingFormsSafely(action) } } : route) as typeof route;
  }
  return { ...build, routes };
}

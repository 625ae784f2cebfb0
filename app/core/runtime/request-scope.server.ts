import { AsyncLocalStorage } from "node:async_hooks";

/**
 * One HTTP request's scope, shared by the loaders that answer it. Remix hands each loader its own
 * copy of the Request, so a cache keyed by the Request object is never shared between them; this
 * one is. The server (server/remix-handler.ts) and the app's build each hold a copy of this
 * module: the storage lives on globalThis so that both use the same one.
 */
const key = Symbol.for("plume.requestScope");
const global = globalThis as unknown as { [key]?: AsyncLocalStorage<object> };
const storage = (global[key] ??= new AsyncLocalStorage<object>());

/**
 * Runs the app's answer to one request in its own scope. Only reads (GET and HEAD) get one: after
 * an action in the same request, its loaders must see what the action changed.
 */
export function inRequestScope<T>(method: string, answer: () => T): T {
  return method === "GET" || method === "HEAD" ? storage.run({}, answer) : answer();
}

/** The current request's scope object (a WeakMap key), or null outside one. */
export function currentRequestScope(): object | null {
  return storage.getStore() ?? null;
}

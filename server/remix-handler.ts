import { createReadableStreamFromReadable, createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { inRequestScope } from "../app/core/runtime/request-scope.server";
import type { RefusalKind } from "../app/modules/http/body-limits";
import { writeAnswer } from "./answer-stream";
import { bufferedBody } from "./body-limit";
import { answerBusyDatabase, type BusyContext } from "./database-busy";
import { answerUnreadableForms } from "./unreadable-form";

interface Options {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
}

/**
 * The app's request handler (@remix-run/express's createRequestHandler, which cannot be given a
 * body of our choosing), plus what server/body-limit.ts needs: the body it has read is handed over
 * as read, and a request over its limits is answered by the app itself (routes
 * *.request-too-large: the site's 413 page, the error a page's form shows, or the API's JSON), in
 * the user's language.
 */
export function remixHandler({ build, mode, getLoadContext }: Options) {
  const wrap = (app: ServerBuild) => answerBusyDatabase(answerUnreadableForms(app));
  const handle = createRequestHandler(typeof build === "function" ? async () => wrap(await build()) : wrap(build), mode);
  // The request is made inside the try: tooLarge is also called from a stream event, where a throw
  // would not reach Express.
  const respond = async (req: Request, res: Response, next: NextFunction, makeRequest: () => globalThis.Request) => {
    try {
      const context: BusyContext = getLoadContext(req, res);
      const response = await inRequestScope(req.method, () => handle(makeRequest(), context));
      res.statusMessage = response.statusText;
      res.status(response.status);
      if (context.retryAfterSeconds) res.set("Retry-After", String(context.retryAfterSeconds));
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      if (response.body) await writeAnswer(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
  return {
    handle: (req: Request, res: Response, next: NextFunction) => respond(req, res, next, () => appRequest(req, res)),
    tooLarge: (req: Request, res: Response, next: NextFunction, kind: RefusalKind) => respond(req, res, next, () => tooLargeRequest(req, res, kind)),
  };
}

const portOf = (host: string | undefined) => {
  const port = Number.parseInt(host?.split(":")[1] ?? "", 10);
  return Number.isSafeInteger(port) ? port : null;
};

/** The request's address, worked out exactly as the Express adapter does. */
function urlOf(req: Request): URL {
  const port = portOf(req.get("X-Forwarded-Host")) ?? portOf(req.get("Host"));
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}

function headersOf(req: Request, without: string[] = []): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || without.includes(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** Aborts the app's work when the client goes away before the answer is sent. */
function abortSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** The request for the app, as the Express adapter makes it, with the buffered body when there is one. */
export function appRequest(req: Request, res: Response): globalThis.Request {
  const init: RequestInit & { duplex?: "half" } = { method: req.method, signal: abortSignal(res) };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const buffered = bufferedBody(res);
    init.body = buffered ? new Uint8Array(buffered) : createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(urlOf(req), { ...init, headers: headersOf(req, ["transfer-encoding"]) });
}

/** The same request, without its body, to the route that answers "too large" for its kind of page. */
export function tooLargeRequest(req: Request, res: Response, kind: RefusalKind): globalThis.Request {
  const original = urlOf(req);
  const api = original.pathname.startsWith("/api/");
  // A page's form sent by the browser's JavaScript (single fetch, "….data") expects an encoded answer.
  const data = !api && original.pathname.endsWith(".data");
  const url = new URL(`${api ? "/api" : ""}/request-too-large${data ? ".data" : ""}`, original);
  url.searchParams.set("kind", kind);
  const lang = original.searchParams.get("lang");
  if (lang) url.searchParams.set("lang", lang);
  const headers = headersOf(req, ["content-type", "content-length", "transfer-encoding"]);
  return new Request(url, { method: "POST", headers, signal: abortSignal(res) });
}

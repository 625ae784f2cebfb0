import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { bodyLimitFor, type BodyLimit, type RefusalKind } from "../app/modules/http/body-limits";
import { fieldCounter } from "./body-fields";

// Request bodies are capped here, before the app reads a byte of them (docs/decisions/0020, 0040):
// by Content-Length when there is one, else by counting what arrives; and by their fields (form
// fields, JSON values), counted as the bytes arrive. The body is held until it ends within its
// limits, so the app only ever sees a complete body within them; a request over them is answered
// by `onTooLarge`.

/** After refusing, how long a client still sending may go on before the connection is closed. */
const DEFAULT_LINGER_MS = 5_000;

const BUFFERED_BODY = "plumeBufferedBody";

export type TooLargeHandler = (req: Request, res: Response, next: NextFunction, kind: RefusalKind) => void;

/** The body this middleware read (and checked) in full, for the app to read in its place. */
export function bufferedBody(res: Response): Buffer | undefined {
  return res.locals[BUFFERED_BODY] as Buffer | undefined;
}

/** The limit a request's Content-Length already exceeds, if any (also for `Expect: 100-continue`). */
export function declaredTooLarge(req: IncomingMessage): BodyLimit | null {
  const declared = req.headers["content-length"];
  if (declared === undefined || req.headers["transfer-encoding"] !== undefined) return null;
  // No URL parsing here: it runs outside Express too (checkContinue), where a throw would be fatal.
  const limit = bodyLimitFor((req.url ?? "/").split("?")[0]!, req.headers["content-type"]);
  return Number(declared) > limit.bytes ? limit : null;
}

/**
 * For the server's "checkContinue" event: a client that asks before sending (Expect: 100-continue)
 * a body over its limit is told no before it sends a byte of it.
 */
export function continueIfWithinLimit(app: RequestListener) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!declaredTooLarge(req)) res.writeContinue();
    app(req, res);
  };
}

export function bodyLimit(onTooLarge: TooLargeHandler, { lingerMs = DEFAULT_LINGER_MS } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const overDeclared = declaredTooLarge(req);
    if (overDeclared) {
      discardRest(req, res, overDeclared.bytes, lingerMs);
      return onTooLarge(req, res, next, overDeclared.kind);
    }
    // Read whatever the method (a GET's body, which the app ignores, is capped all the same).
    const announced = req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
    if (!announced) return next();

    const limit = bodyLimitFor(req.path, req.headers["content-type"]);
    const fields = fieldCounter(req.headers["content-type"]);
    const chunks: Buffer[] = [];
    let size = 0;
    const refuse = (kind: RefusalKind) => {
      req.off("data", onData).off("end", onEnd);
      chunks.length = 0;
      discardRest(req, res, limit.bytes, lingerMs);
      onTooLarge(req, res, next, kind);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      // With a Content-Length within the limit, Node itself stops reading at that length.
      if (size > limit.bytes) return refuse(limit.kind);
      if (!fields.add(chunk)) return refuse(fields.kind);
      chunks.push(chunk);
    };
    const onEnd = () => {
      res.locals[BUFFERED_BODY] = Buffer.concat(chunks, size);
      // The app reads the body as it was counted (server/body-fields.ts).
      if (fields.contentType) req.headers["content-type"] = fields.contentType;
      next();
    };
    req.on("data", onData).once("end", onEnd);
  };
}

/**
 * What a refused client is still sending is read and thrown away, up to `budget` bytes, so that a
 * browser finishes its upload and reads the answer; past that nothing more is read. Once the answer
 * is sent, an unfinished request gets the connection closed: at once for our side (the client
 * reads the answer, then the end), entirely `lingerMs` later.
 */
function discardRest(req: Request, res: Response, budget: number, lingerMs: number) {
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > budget) req.pause();
  });
  req.resume();
  res.once("finish", () => {
    if (req.complete) return;
    const socket = req.socket;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), lingerMs).unref();
    socket.once("close", () => clearTimeout(timer));
  });
}

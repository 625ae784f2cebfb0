// What the provider fakes (linkedin-server.ts, x-server.ts, model-server.ts) share: a real node:http server that
// records each request, parses its body, plays injected faults, answers JSON or HTML, and hosts an
// OAuth consent page. Each fake keeps only its provider's own routes, errors and state.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { pngBomb } from "./image-bombs";
import { networkPage, type NetworkLook } from "./network-pages";

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON or form; `{ bytes: n }` for binary bodies; null when empty. */
  body: any;
  at: Date;
}

/** A path ("/rest/posts"), "METHOD /path", a RegExp tested on the path, or a predicate. */
export type RequestMatcher = string | RegExp | ((request: RecordedRequest) => boolean);

export interface FaultOptions {
  /** Omitted: answer normally, only late (with delayMs). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching requests it applies to (default 1). */
  times?: number;
  /** Wait before answering; beyond the client's timeout this makes a "slow answer". */
  delayMs?: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  html?: string;
  /** Writes the body over time (server-sent events) after the status and headers. */
  stream?: (res: ServerResponse) => Promise<void>;
  /** A binary body (an image), sent with its length; the Content-Type goes in `headers`. */
  bytes?: Buffer;
}

/** A multipart/form-data body, with the files' bytes (the recorded body only has their sizes). */
export interface Upload {
  fields: Record<string, string>;
  files: Record<string, { bytes: Buffer; type: string; name: string }>;
}

/** The request as received, for routes that need more than the recorded body. */
export interface RequestPayload {
  raw: Buffer;
  /** Only when the fake parses multipart bodies. */
  upload?: Upload;
}

/** The test-facing controls every fake offers. */
export interface FakeControls {
  failNext(matcher: RequestMatcher, options: FaultOptions): void;
  /** Handle the matching request (e.g. store the post), then destroy the socket without answering. */
  dropConnectionAfterHandling(matcher: RequestMatcher, options?: { times?: number }): void;
  setLatency(ms: number): void;
  close(): Promise<void>;
}

export interface FakeServer extends FakeControls {
  url: string;
  /** The request handler, for mounting the fake inside another server (the demo's). */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** What a test may choose when starting a provider fake (port 0: any free one). */
export interface FakeStartOptions {
  port?: number;
  latencyMs?: number;
  clientId?: string;
  clientSecret?: string;
  /**
   * Served by another server at this base URL (`npm run demo` mounts the fakes under its own
   * address) instead of listening on a port of its own.
   */
  mountAt?: string;
}

export interface FakeServerOptions {
  /** See FakeStartOptions.mountAt. */
  mountAt?: string;
  port: number;
  latencyMs: number;
  /** Content-Type of JSON answers: the providers differ in whether they name the charset. */
  jsonType: string;
  /** Parse multipart/form-data bodies (X's media upload); otherwise they are recorded as `{ bytes: n }`. */
  multipart?: boolean;
  record(request: RecordedRequest): void;
  route(request: RecordedRequest, payload: RequestPayload): Reply | Promise<Reply>;
  /** The provider's own error body for an injected status without one. */
  faultBody(status: number): unknown;
  /** Headers the provider puts on every answer, injected faults included. */
  faultHeaders?(request: RecordedRequest, status: number): Record<string, string>;
  /** The provider's 500 when the fake itself throws. */
  errorReply(message: string): Reply;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const randomId = (bytes = 18) => randomBytes(bytes).toString("base64url");
export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, json: body, headers });
export const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });

export function matches(matcher: RequestMatcher, request: RecordedRequest): boolean {
  if (typeof matcher === "function") return matcher(request);
  if (matcher instanceof RegExp) return matcher.test(request.path);
  const [first, second] = matcher.split(" ");
  return second === undefined ? request.path === first : request.method === first && request.path === second;
}

/**
 * Plays the person on a fake consent page (LinkedIn's or X's): loads the authorize URL, submits the
 * form of the "Allow" or "Cancel" button, and returns where the provider redirects to.
 */
export async function followConsent(authorizeUrl: string, button: "Allow" | "Cancel"): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`The consent page answered ${page.status}: ${html}`);
  const form = [...html.matchAll(/<form[^>]*action="([^"]+)"[^>]*>(.*?)<\/form>/g)].find((m) => m[2]?.includes(`>${button}</button>`));
  if (!form?.[1] || form[2] === undefined) throw new Error(`No ${button} button on the consent page`);
  const target = new URL(form[1], authorizeUrl);
  for (const input of form[2].matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) target.searchParams.set(input[1]!, input[2]!);
  const answer = await fetch(target, { redirect: "manual" });
  const location = answer.headers.get("location");
  if (answer.status !== 302 || !location) throw new Error(`The consent answered ${answer.status} without a redirect`);
  return new URL(location);
}

/** The path a fake's own routes sit under: "" when it listens alone, the mount's path in the demo. */
export const basePathOf = (mountAt: string | undefined) => (mountAt ? new URL(mountAt).pathname.replace(/\/+$/, "") : "");

/** What both consent flows keep between showing the page and the person's decision. */
export interface PendingConsent {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
}

/**
 * The provider's consent page: `<title>` on every page, the checks both providers make on the
 * authorize request, and the Allow / Cancel forms that submit to `decidePath` (what followConsent
 * and the end-to-end tests click).
 */
export function consentPages<T extends PendingConsent>({
  title,
  decidePath,
  look = { name: title, accent: "#4b5563" },
  demo = false,
}: {
  title: string;
  decidePath: string;
  look?: NetworkLook;
  /** Served by `npm run demo`: the pages say they are a simulation. */
  demo?: boolean;
}) {
  const pending = new Map<string, T>();
  const page = (status: number, body: string): Reply => ({ status, html: networkPage(look, { title, body: `<div class="card">${body}</div>`, demo }) });
  // One line per form: followConsent reads them with a regular expression.
  const form = (txn: string, decision: string, label: string, kind: string) =>
    `<form method="get" action="${decidePath}"><input type="hidden" name="txn" value="${txn}"><input type="hidden" name="decision" value="${decision}"><button type="submit" class="${kind}">${label}</button></form>`;
  return {
    page,
    /** The error page for a wrong client, redirect URI or response type; null when the request is fine. */
    invalid(query: Record<string, string>, clientId: string): Reply | null {
      if (query.client_id !== clientId) return page(400, "<h1>Invalid client_id</h1>");
      if (!query.redirect_uri || !/^https?:\/\//.test(query.redirect_uri)) return page(400, "<h1>Invalid redirect_uri</h1>");
      if (query.response_type !== "code") return page(400, "<h1>Invalid response_type</h1>");
      return null;
    },
    /** Keeps the request until the decision; the transaction id the forms carry. */
    open(consent: T): string {
      const txn = randomId();
      pending.set(txn, consent);
      return txn;
    },
    /** The consent page: the provider's question, then Allow and Cancel. */
    ask(txn: string, question: string): Reply {
      return page(200, `${question}<div class="actions">${form(txn, "cancel", "Cancel", "secondary")}${form(txn, "allow", "Allow", "primary")}</div>`);
    },
    /** Redirects back with the provider's answer (a code or an error) and the client's state; each consent decides once. */
    decide(request: RecordedRequest, answer: (consent: T, allowed: boolean) => Record<string, string>): Reply {
      const txn = request.query.txn ?? "";
      const consent = pending.get(txn);
      if (!consent) return { status: 400, html: "<h1>Unknown or used authorization request</h1>" };
      pending.delete(txn);
      const target = new URL(consent.redirectUri);
      for (const [key, value] of Object.entries(answer(consent, request.query.decision === "allow"))) target.searchParams.set(key, value);
      target.searchParams.set("state", consent.state);
      return { status: 302, headers: { Location: target.toString() } };
    },
  };
}

async function readRequest(req: IncomingMessage, multipart: boolean): Promise<{ record: RecordedRequest; payload: RequestPayload }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const url = new URL(req.url ?? "/", "http://fake.local");
  const type = req.headers["content-type"] ?? "";
  let body: any = null;
  let upload: Upload | undefined;
  if (raw.length > 0) {
    if (type.includes("json")) {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        body = raw.toString("utf8");
      }
    } else if (type.includes("x-www-form-urlencoded")) {
      body = Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
    } else if (multipart && type.includes("multipart/form-data")) {
      upload = await parseMultipart(raw, type);
      const files = Object.fromEntries(Object.entries(upload.files).map(([k, f]) => [k, { size: f.bytes.length, type: f.type, name: f.name }]));
      body = { fields: upload.fields, files };
    } else {
      body = { bytes: raw.length };
    }
  }
  const record = { method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body, at: new Date() };
  return { record, payload: { raw, upload } };
}

/** Node's own multipart parser (the one behind fetch's Response.formData). */
async function parseMultipart(raw: Buffer, contentType: string): Promise<Upload> {
  const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  const upload: Upload = { fields: {}, files: {} };
  for (const [key, value] of form.entries()) {
    if (typeof value === "string") upload.fields[key] = value;
    else upload.files[key] = { bytes: Buffer.from(await value.arrayBuffer()), type: value.type, name: value.name };
  }
  return upload;
}

async function send(res: ServerResponse, reply: Reply, jsonType: string): Promise<void> {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | undefined;
  if (reply.json !== undefined) {
    headers["Content-Type"] = jsonType;
    payload = JSON.stringify(reply.json);
  } else if (reply.html !== undefined) {
    headers["Content-Type"] = "text/html; charset=utf-8";
    payload = reply.html;
  }
  if (reply.bytes) headers["Content-Length"] = String(reply.bytes.length);
  res.writeHead(reply.status, headers);
  if (reply.stream) return reply.stream(res);
  res.end(reply.bytes ?? payload);
}

interface Rule {
  matcher: RequestMatcher;
  left: number;
}

/** The first rule that matches, used up once (and dropped when it has no uses left). */
function take<T extends Rule>(rules: T[], request: RecordedRequest): T | undefined {
  const index = rules.findIndex((rule) => matches(rule.matcher, request));
  const rule = rules[index];
  if (!rule) return undefined;
  if (--rule.left <= 0) rules.splice(index, 1);
  return rule;
}

/** Listens on 127.0.0.1 (port 0: any free one) and serves `route`, with the faults the tests inject. */
export async function startFakeServer(options: FakeServerOptions): Promise<FakeServer> {
  const faults: Array<FaultOptions & Rule> = [];
  const drops: Rule[] = [];
  let latency = options.latencyMs;
  const reply = (res: ServerResponse, answer: Reply) => send(res, answer, options.jsonType);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { record, payload } = await readRequest(req, options.multipart ?? false);
    options.record(record);
    if (latency > 0) await sleep(latency);
    const fault = take(faults, record);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault?.status !== undefined) {
      const headers = { ...options.faultHeaders?.(record, fault.status), ...fault.headers };
      return reply(res, { status: fault.status, json: fault.body ?? options.faultBody(fault.status), headers });
    }
    const answer = await options.route(record, payload);
    if (res.destroyed) return; // the client gave up while the fake took its time
    if (take(drops, record)) {
      req.socket.destroy(); // handled, never answered: the client cannot know the outcome
      return;
    }
    await reply(res, answer);
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) void reply(res, options.errorReply(error instanceof Error ? error.message : "fake failure"));
    });
  };
  const server = options.mountAt ? null : createServer(handler);
  if (server) await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));

  return {
    url: server ? `http://127.0.0.1:${(server.address() as AddressInfo).port}` : options.mountAt!.replace(/\/+$/, ""),
    handle: handler,
    failNext(matcher, fault) {
      faults.push({ ...fault, matcher, left: fault.times ?? 1 });
    },
    dropConnectionAfterHandling(matcher, { times = 1 } = {}) {
      drops.push({ matcher, left: times });
    },
    setLatency(ms) {
      latency = ms;
    },
    close() {
      if (!server) return Promise.resolve(); // the server it is mounted in closes its connections
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/**
 * What a provider's picture URL answers (LinkedIn userinfo's `picture`, X's `profile_image_url`):
 * "png", a real PNG of AVATAR_SIDE pixels whose colour follows the URL (a new URL, a new picture);
 * or something unkind: over a megabyte (streamed without a length), HTML, bytes that are no image
 * under an image type, a PNG announcing 10000 × 10000 pixels, 404, or an answer slower than the
 * app waits (PROVIDER_TIMEOUT_MS is 2 s in the tests).
 */
export type AvatarMode = "png" | "too_big" | "html" | "not_image" | "huge_pixels" | "missing" | "slow";
export const AVATAR_SIDE = 200;
const SLOW_AVATAR_MS = 4_000;

/** The colour of the picture at this path: the same path, the same colour. */
export function avatarColour(path: string): { r: number; g: number; b: number } {
  let hash = 0;
  for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { r: 40 + (hash % 160), g: 40 + ((hash >>> 8) % 160), b: 40 + ((hash >>> 16) % 160) };
}

export async function avatarReply(mode: AvatarMode, path: string): Promise<Reply> {
  const png = (bytes: Buffer): Reply => ({ status: 200, headers: { "Content-Type": "image/png", "Cache-Control": "max-age=86400" }, bytes });
  switch (mode) {
    case "missing":
      return { status: 404, html: "<h1>Not found</h1>" };
    case "html":
      return { status: 200, html: "<!doctype html><title>Sign in</title>" };
    case "not_image":
      return png(Buffer.from("this is not a picture, whatever the Content-Type says"));
    case "huge_pixels":
      return png(pngBomb(10_000, 10_000));
    case "too_big":
      return {
        status: 200,
        headers: { "Content-Type": "image/png" },
        async stream(res) {
          const chunk = Buffer.alloc(64 * 1024, 7);
          for (let sent = 0; sent < 2 * 1024 * 1024 && !res.destroyed; sent += chunk.length) {
            if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve));
          }
          res.end();
        },
      };
    case "slow":
      await sleep(SLOW_AVATAR_MS);
      return png(await solidPng(path));
    case "png":
      return png(await solidPng(path));
  }
}

async function solidPng(path: string): Promise<Buffer> {
  return sharp({ create: { width: AVATAR_SIDE, height: AVATAR_SIDE, channels: 3, background: avatarColour(path) } })
    .png()
    .toBuffer();
}

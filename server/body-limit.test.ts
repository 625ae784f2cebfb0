// The body limit on a real HTTP server and real sockets: what reaches the app, what is refused,
// and how much of a refused body the server reads (never all of it).
import { createHash } from "node:crypto";
import { request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_API_UPLOAD_BYTES, MAX_BODY_BYTES, MAX_IMPORT_UPLOAD_BYTES, MAX_UPLOAD_BYTES } from "../app/modules/http/body-limits";
import { bodyLimit, continueIfWithinLimit } from "./body-limit";
import { appRequest, tooLargeRequest } from "./remix-handler";

const MB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let server: Server;
let port: number;
/** The server's side of each connection, by the client's port. */
const serverSockets = new Map<number, Socket>();

beforeAll(async () => {
  const app = express();
  // Stand-ins for the app: the refusal says where the app would answer it; the handler reads the
  // body the way the app's requests are built (server/remix-handler.ts).
  app.use(
    bodyLimit(
      (req, res, _next, kind) => {
        const url = new URL(tooLargeRequest(req, res, kind).url);
        res.status(413).json({ kind, answeredBy: url.pathname + url.search });
      },
      { lingerMs: 300 },
    ),
  );
  app.all("*", async (req, res) => {
    const body = Buffer.from(await appRequest(req, res).arrayBuffer());
    res.json({ bytes: body.byteLength, sha: sha(body) });
  });
  server = app.listen(0, "127.0.0.1");
  server.on("checkContinue", continueIfWithinLimit(app));
  server.on("connection", (socket) => serverSockets.set(socket.remotePort!, socket));
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Exchange {
  response: Promise<{ status: number; body: Record<string, unknown> }>;
  /** Writes one chunk, resolving false when the server stopped reading (no room for 1 s) or closed. */
  write: (bytes: Buffer) => Promise<boolean>;
  end: () => void;
  /** Resolves when the connection is gone, with what the server read from it in all. */
  closed: Promise<number>;
  continued: () => boolean;
}

function open(path: string, headers: Record<string, string | number> = {}): Exchange {
  const req = httpRequest({ host: "127.0.0.1", port, path, method: "POST", headers, agent: false });
  req.flushHeaders(); // the request starts now, body or not
  let gone = false;
  let continued = false;
  req.on("continue", () => (continued = true));
  req.on("error", () => (gone = true));
  const serverSocket = new Promise<Socket>((resolve) =>
    req.once("socket", (client: Socket) =>
      client.once("connect", function find() {
        const socket = serverSockets.get(client.localPort!);
        if (socket) resolve(socket);
        else setTimeout(find, 5);
      }),
    ),
  );
  const closed = serverSocket.then(
    (socket) => new Promise<number>((resolve) => (socket.closed ? resolve(socket.bytesRead) : socket.once("close", () => resolve(socket.bytesRead)))),
  );
  void closed.then(() => (gone = true));
  const response = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    req.once("response", (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.once("end", () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }));
    });
    req.once("error", reject);
  });
  response.catch(() => {});
  const write = (bytes: Buffer) =>
    new Promise<boolean>((resolve) => {
      if (gone) return resolve(false);
      if (req.write(bytes)) return resolve(true);
      const timer = setTimeout(() => resolve(false), 1000);
      req.once("drain", () => {
        clearTimeout(timer);
        resolve(!gone);
      });
    });
  return { response, write, end: () => req.end(), closed, continued: () => continued };
}

const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** Keeps sending until the server stops reading; how much was written. */
async function sendUntilRefused(exchange: Exchange, max: number): Promise<number> {
  let written = 0;
  while (written < max && (await exchange.write(CHUNK))) written += CHUNK.byteLength;
  return written;
}

describe("bodies within their limit", () => {
  it("reach the app whole, with a Content-Length or chunked", async () => {
    const body = Buffer.alloc(MAX_BODY_BYTES - 100, 0x62);
    const sized = open("/api/posts", { "Content-Type": "application/json", "Content-Length": body.byteLength });
    await sized.write(body);
    sized.end();
    expect(await sized.response).toEqual({ status: 200, body: { bytes: body.byteLength, sha: sha(body) } });

    const chunked = open("/api/posts", { "Content-Type": "application/json" });
    for (let offset = 0; offset < body.byteLength; offset += 100_000) await chunked.write(body.subarray(offset, offset + 100_000));
    chunked.end();
    expect(await chunked.response).toEqual({ status: 200, body: { bytes: body.byteLength, sha: sha(body) } });
  });

  it("a page's upload form may carry a post's worth of images; the API one image", async () => {
    const six = Buffer.alloc(6 * MB, 0x63);
    const page = open("/create/abc/images", { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": six.byteLength });
    await page.write(six);
    page.end();
    expect((await page.response).body).toEqual({ bytes: six.byteLength, sha: sha(six) });

    const api = open("/api/posts/abc/images", { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": six.byteLength });
    expect(await api.response).toEqual({ status: 413, body: { kind: "upload", answeredBy: "/api/request-too-large?kind=upload" } });
    expect(MAX_UPLOAD_BYTES).toBeGreaterThan(4 * 5 * MB);
    expect(MAX_API_UPLOAD_BYTES).toBeLessThan(6 * MB);
  });

  it("a CSV import carries a 1 MB file and its form, no more", async () => {
    const two = Buffer.alloc(2 * MB, 0x64);
    const csv = open("/api/posts/import", { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": two.byteLength });
    expect(await csv.response).toEqual({ status: 413, body: { kind: "import", answeredBy: "/api/request-too-large?kind=import" } });
    const within = Buffer.alloc(MB + 1000, 0x64);
    const ok = open("/api/posts/import", { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": within.byteLength });
    await ok.write(within);
    ok.end();
    expect((await ok.response).body).toEqual({ bytes: within.byteLength, sha: sha(within) });
    expect(MAX_IMPORT_UPLOAD_BYTES).toBeLessThan(2 * MB);
  });
});

describe("bodies over their limit", () => {
  it("a 20 MB JSON body is refused as soon as its Content-Length is read, and never read whole", async () => {
    const exchange = open("/api/posts", { "Content-Type": "application/json", "Content-Length": 20 * MB });
    await exchange.write(CHUNK);
    // The answer comes while 64 KB of the 20 MB are sent.
    expect(await exchange.response).toEqual({ status: 413, body: { kind: "body", answeredBy: "/api/request-too-large?kind=body" } });
    const written = await sendUntilRefused(exchange, 20 * MB);
    expect(written).toBeLessThan(20 * MB - CHUNK.byteLength);
    expect(await exchange.closed).toBeLessThan(3 * MB);
  });

  it("a chunked body with no Content-Length is refused once the bytes that came exceed the limit", async () => {
    const exchange = open("/login", { "Content-Type": "application/x-www-form-urlencoded" });
    let written = 0;
    while (written <= MAX_BODY_BYTES) {
      expect(await exchange.write(CHUNK)).toBe(true);
      written += CHUNK.byteLength;
    }
    // The request is still open: the answer does not wait for its end.
    expect(await exchange.response).toEqual({ status: 413, body: { kind: "body", answeredBy: "/request-too-large?kind=body" } });
    await sendUntilRefused(exchange, 50 * MB);
    expect(await exchange.closed).toBeLessThan(4 * MB);
  });

  it("a page's JavaScript form is answered by the route that encodes its answer, in the language asked for", async () => {
    const exchange = open("/create/abc/images.data?index&lang=fr", {
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": MAX_UPLOAD_BYTES + 1,
    });
    expect((await exchange.response).body).toEqual({ kind: "upload", answeredBy: "/request-too-large.data?kind=upload&lang=fr" });
  });

  it("a client that sends its whole (moderately) oversized body still reads the answer", async () => {
    const body = Buffer.alloc(MAX_BODY_BYTES + MB / 2, 0x64);
    const exchange = open("/signup", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.byteLength });
    expect(await exchange.write(body)).toBe(true);
    exchange.end();
    expect((await exchange.response).status).toBe(413);
  });

  it("a client that asks first (Expect: 100-continue) is refused before it sends anything", async () => {
    const refused = open("/api/posts", { "Content-Type": "application/json", "Content-Length": 20 * MB, Expect: "100-continue" });
    expect((await refused.response).status).toBe(413);
    expect(refused.continued()).toBe(false);

    const body = Buffer.from('{"linkedinText":"hello"}');
    const allowed = open("/api/posts", { "Content-Type": "application/json", "Content-Length": body.byteLength, Expect: "100-continue" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(allowed.continued()).toBe(true);
    await allowed.write(body);
    allowed.end();
    expect((await allowed.response).body).toEqual({ bytes: body.byteLength, sha: sha(body) });
  });
});

import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { writeAnswer } from "./answer-stream";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering through compression and writeAnswer with the stream the test makes. */
function serve(makeBody: () => ReadableStream<Uint8Array>): Promise<string> {
  const app = express();
  app.use(compression());
  app.get("/", (_req, res) => {
    res.type("html");
    void writeAnswer(makeBody(), res);
  });
  return new Promise((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/`));
  });
}

/** The raw (still compressed) bytes, and each chunk as it arrived. */
function get(url: string, onChunk?: (chunk: Buffer) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        onChunk?.(chunk);
      });
      res.on("end", () => resolve(Buffer.concat(chunks)));
    })
      .on("error", reject)
      .end();
  });
}

const row = (i: number) => `<li class="flex items-center gap-3 rounded-lg border bg-card p-3 text-sm"><a href="/posts/${i}">Post number ${i}</a></li>`;

describe("writeAnswer", () => {
  it("compresses a page written in many small chunks about as well as in one piece", async () => {
    const html = Array.from({ length: 400 }, (_, i) => row(i)).join("");
    const url = await serve(
      () =>
        new ReadableStream({
          start(controller) {
            // As React writes a page: many small chunks at once.
            for (let i = 0; i < 400; i++) controller.enqueue(new TextEncoder().encode(row(i)));
            controller.close();
          },
        }),
    );
    const wire = await get(url);
    expect(gunzipSync(wire).toString()).toBe(html);
    // Flushing after every chunk (what Remix's writer does) sends several times the bytes.
    expect(wire.length).toBeLessThan(gzipSync(html).length * 1.5);
  });

  it("still streams: what is written reaches the client before the rest is ready", async () => {
    let sendRest!: () => void;
    const url = await serve(
      () =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("<p>first</p>"));
            sendRest = () => {
              sendRest = () => {};
              controller.enqueue(new TextEncoder().encode("<p>rest</p>"));
              controller.close();
            };
          },
        }),
    );
    const seen: Buffer[] = [];
    const whole = get(url, (chunk) => {
      seen.push(chunk);
      sendRest(); // only once the first part arrived
    });
    expect(gunzipSync(await whole).toString()).toBe("<p>first</p><p>rest</p>");
    expect(seen.length).toBeGreaterThan(1);
  });
});

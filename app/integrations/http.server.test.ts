import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerEnv } from "../../tests/support/provider-env";
import { fetchProviderImage } from "./http.server";

// fetchProviderImage's bounds on a bare server (the fakes' unkind pictures are in
// tests/integration/channel-avatars.test.ts): what it refuses before reading a byte.

let server: Server;
let base = "";
let bodyBytesSent = 0;

const env = providerEnv({ name: "http-image", keys: ["X_API_URL", "X_OAUTH_URL"], values: () => ({ X_API_URL: base, X_OAUTH_URL: `${base}/i/oauth2` }) });

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/announced-big") {
      // Says 5 MB, then trickles: the client must stop at the header.
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(5 * 1024 * 1024) });
      const timer = setInterval(() => {
        bodyBytesSent += 1024;
        res.write(Buffer.alloc(1024));
      }, 20);
      res.on("close", () => clearInterval(timer));
      return;
    }
    if (req.url === "/redirect") {
      res.writeHead(302, { Location: "/announced-big" });
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env.configure();
});
afterAll(async () => {
  env.restore();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (url: string) => fetchProviderImage({ provider: "twitter", url, maxBytes: 1024 * 1024, types: ["image/png"] });

describe("fetchProviderImage", () => {
  it("refuses a Content-Length over the limit without reading the body", async () => {
    expect(await get(`${base}/announced-big`)).toEqual({ ok: false, reason: "too_large", detail: String(5 * 1024 * 1024) });
    expect(bodyBytesSent).toBeLessThan(64 * 1024);
  });

  it("follows no redirect, and takes http only from the provider's own origin", async () => {
    expect(await get(`${base}/redirect`)).toMatchObject({ ok: false, reason: "status", detail: "302" });
    expect(await get("http://169.254.169.254/latest/meta-data")).toEqual({ ok: false, reason: "url" });
    expect(await get("https://user:secret@pbs.twimg.com/a.png")).toEqual({ ok: false, reason: "url" });
    expect(await get("not a url")).toEqual({ ok: false, reason: "url" });
  });

  it("never fetches a picture from a private network, even over https", async () => {
    for (const url of [
      "https://10.0.0.5/avatar.png",
      "https://127.0.0.1/avatar.png",
      "https://[::1]/a.png",
      "https://metadata.internal/a.png",
      "https://localhost/a.png",
    ])
      expect(await get(url), url).toEqual({ ok: false, reason: "url" });
  });
});

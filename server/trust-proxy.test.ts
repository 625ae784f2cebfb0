// TRUST_PROXY as the server applies it (app.set("trust proxy", env.TRUST_PROXY)): which address
// rate limits see for a request that came through proxies, with a client-written X-Forwarded-For.
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseEnv, prepareEnvironment } from "../app/core/env/env.server";

async function clientIpSeen(trustProxy: string, forwardedFor: string): Promise<string> {
  const source: NodeJS.ProcessEnv = { NODE_ENV: "test", DATA_DIR: mkdtempSync(path.join(tmpdir(), "plume-proxy-")), TRUST_PROXY: trustProxy };
  prepareEnvironment(source);
  const app = express();
  app.set("trust proxy", parseEnv(source).TRUST_PROXY);
  app.get("/", (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "X-Forwarded-For": forwardedFor } });
    return await response.text();
  } finally {
    server.close();
  }
}

describe("TRUST_PROXY", () => {
  // The client wrote "198.51.100.66" itself; the proxy in front appended the address it saw.
  const forged = "198.51.100.66, 203.0.113.9";

  it("with 1 (one proxy in front), takes the address that proxy saw, not the one the client wrote", async () => {
    expect(await clientIpSeen("1", forged)).toBe("203.0.113.9");
  });

  it("with 2, skips two proxies' worth of the header and no more", async () => {
    expect(await clientIpSeen("2", `${forged}, 10.0.0.2`)).toBe("203.0.113.9");
  });

  it("with true, believes the whole header: the client chooses its own address", async () => {
    expect(await clientIpSeen("true", forged)).toBe("198.51.100.66");
  });

  it("with false, ignores the header and takes the connection's address", async () => {
    expect(await clientIpSeen("false", forged)).toMatch(/127\.0\.0\.1$/);
  });
});

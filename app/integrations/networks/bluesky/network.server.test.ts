import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { providerEnv } from "../../../../tests/support/provider-env";
import type { PublishContext } from "~/integrations/networks/types";
import { blueskyNetwork } from "./network.server";
import { newTid } from "./tid";

// The answers a real PDS cannot be made to give on demand (rate limits, 5xx, a refused record),
// from a PDS stand-in that answers each create as the test says; tests/integration/bluesky.test.ts
// covers the rest against a real PDS.

let server: Server;
let baseUrl = "";
let answer: { status: number; headers?: Record<string, string>; body: unknown } = { status: 200, body: {} };
const did = "did:plc:unkindcases0000000000000";

const env = providerEnv({
  name: "bluesky-network",
  keys: ["BLUESKY_SERVICE_URL", "BLUESKY_PLC_URL", "BLUESKY_APPVIEW_URL"],
  values: () => ({ BLUESKY_SERVICE_URL: baseUrl, BLUESKY_PLC_URL: `${baseUrl}/plc`, BLUESKY_APPVIEW_URL: `${baseUrl}/appview` }),
});

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Type": "application/json", ...headers });
      response.end(JSON.stringify(body));
    };
    if (decodeURIComponent(url.pathname) === `/plc/${did}`)
      return send(200, { id: did, service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: baseUrl }] });
    if (url.pathname === "/appview/xrpc/app.bsky.feed.getPosts") {
      const uris = url.searchParams.getAll("uris");
      // A deleted post is just missing.
      return send(200, { posts: uris.slice(1).map((uri) => ({ uri, likeCount: 3, repostCount: 2, replyCount: 1, quoteCount: 0 })) });
    }
    if (url.pathname === "/xrpc/com.atproto.repo.createRecord") return send(answer.status, answer.body, answer.headers);
    return send(404, { error: "NotFound" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => env.configure());

afterAll(async () => {
  env.restore();
  await new Promise((resolve) => server.close(resolve));
});

const ctx: PublishContext = { accessToken: "token", providerUserId: did, handle: "alice.test" };
const publish = () => blueskyNetwork.publishPart(ctx, { text: "Bonjour", images: [], position: 1, parent: null, sendKey: newTid() }).catch((e: unknown) => e);

describe("Bluesky's unkind answers", () => {
  it("waits out a rate limit until the PDS's RateLimit-Reset", async () => {
    const reset = Math.floor(Date.now() / 1000) + 900;
    answer = {
      status: 429,
      headers: { "RateLimit-Limit": "5000", "RateLimit-Remaining": "0", "RateLimit-Reset": String(reset) },
      body: { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
    };
    expect(blueskyNetwork.classifyError(await publish(), "post")).toEqual({ kind: "retryable", code: "rate_limited", retryAt: new Date(reset * 1000) });
  });

  it("takes a server error answering the create as uncertain (it may have been created)", async () => {
    answer = { status: 502, body: { error: "UpstreamFailure" } };
    expect(blueskyNetwork.classifyError(await publish(), "post")).toEqual({ kind: "uncertain", code: "uncertain" });
  });

  it("takes a refused record as permanent", async () => {
    answer = {
      status: 400,
      body: { error: "InvalidRequest", message: "Invalid app.bsky.feed.post record: Record/text must not be longer than 300 graphemes" },
    };
    expect(blueskyNetwork.classifyError(await publish(), "post")).toEqual({ kind: "permanent", code: "invalid_request" });
  });

  it("asks the AppView for counts, leaving out deleted posts", async () => {
    const uris = [`at://${did}/app.bsky.feed.post/${newTid()}`, `at://${did}/app.bsky.feed.post/${newTid()}`];
    const metrics = await blueskyNetwork.fetchMetrics(ctx, uris);
    expect([...metrics]).toEqual([[uris[1], { likes: 3, reposts: 2, replies: 1, quotes: 0, impressions: null }]]);
  });
});

// A stand-in for PostHog's ingestion host (docs/providers.md, "PostHog"): posthog-node's POST /batch/
// (gzipped unless told otherwise) and posthog-js's /e/ and /i/v0/e/ (gzip-js, base64 or plain JSON),
// feature flags (/flags/, /decide/) answered empty, remote config empty. It records every event it
// takes, refuses a wrong project key as PostHog does (401), and answers browsers with CORS headers.
// Tests in another process read what it took from GET /_fake/events (and clear it with DELETE).
import { gunzipSync } from "node:zlib";
import { json, startFakeServer, type FakeControls, type RecordedRequest, type Reply, type RequestPayload } from "./fake-kit";

export interface CapturedEvent {
  event: string;
  distinct_id: string;
  properties: Record<string, unknown>;
  /** Person properties set with the event ($identify's `$set`). */
  set: Record<string, unknown> | null;
  /** Which client sent it: posthog-node (/batch/) or posthog-js (/e/, /i/v0/e/). */
  via: "batch" | "browser";
  at: string;
}

export interface PostHogFake extends FakeControls {
  url: string;
  projectKey: string;
  requests: RecordedRequest[];
  events: CapturedEvent[];
  named(event: string): CapturedEvent[];
  clear(): void;
}

/** The body as the client meant it: gunzipped, base64 decoded, or as sent. */
function decodeBody(request: RecordedRequest, raw: Buffer): unknown {
  let bytes = raw;
  const gzipped = request.headers["content-encoding"] === "gzip" || request.query.compression === "gzip-js" || (raw[0] === 0x1f && raw[1] === 0x8b);
  if (gzipped) bytes = gunzipSync(raw);
  let text = bytes.toString("utf8");
  if (request.query.compression === "base64" || text.startsWith("data=")) {
    const data = new URLSearchParams(text).get("data") ?? "";
    text = Buffer.from(data, "base64").toString("utf8");
  }
  return JSON.parse(text);
}

const cors = (request: RecordedRequest): Record<string, string> => ({
  "Access-Control-Allow-Origin": String(request.headers.origin ?? "*"),
  "Access-Control-Allow-Credentials": "true",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": String(request.headers["access-control-request-headers"] ?? "content-type"),
  Vary: "Origin",
});

const unauthorized = (headers: Record<string, string>): Reply =>
  json(
    401,
    {
      type: "authentication_error",
      code: "invalid_project_key",
      detail: "Project API key invalid. You can find your project API key in PostHog project settings.",
      attr: null,
    },
    headers,
  );

export async function startPostHogFake({ port = 0, latencyMs = 0, projectKey = "phc_fake_plume" } = {}): Promise<PostHogFake> {
  const requests: RecordedRequest[] = [];
  const events: CapturedEvent[] = [];

  function take(list: unknown[], via: CapturedEvent["via"]) {
    for (const item of list) {
      const message = item as { event?: string; distinct_id?: string; properties?: Record<string, unknown>; $set?: Record<string, unknown> };
      if (!message?.event) continue;
      const properties = message.properties ?? {};
      events.push({
        event: message.event,
        distinct_id: String(message.distinct_id ?? properties.distinct_id ?? ""),
        properties,
        set: message.$set ?? (properties.$set as Record<string, unknown> | undefined) ?? null,
        via,
        at: new Date().toISOString(),
      });
    }
  }

  function route(request: RecordedRequest, { raw }: RequestPayload): Reply {
    const headers = cors(request);
    if (request.method === "OPTIONS") return { status: 204, headers };
    const { method, path } = request;
    if (path === "/_fake/events") {
      if (method === "DELETE") events.length = 0;
      return json(200, events, headers);
    }
    if (method === "POST" && path === "/batch/") {
      const body = decodeBody(request, raw) as { api_key?: string; batch?: unknown[] };
      if (body.api_key !== projectKey) return unauthorized(headers);
      take(body.batch ?? [], "batch");
      return json(200, { status: "Ok" }, headers);
    }
    if (method === "POST" && (path === "/e/" || path === "/i/v0/e/")) {
      // posthog-js sends {api_key, batch}, or an event or a list of events carrying properties.token.
      const body = decodeBody(request, raw) as { api_key?: string; batch?: unknown[] } | unknown[];
      const list = Array.isArray(body) ? body : (body.batch ?? [body]);
      const token = Array.isArray(body) || !body.api_key ? (list[0] as { properties?: { token?: string } } | undefined)?.properties?.token : body.api_key;
      if (token !== projectKey) return unauthorized(headers);
      take(list, "browser");
      return json(200, { status: 1 }, headers);
    }
    if (method === "POST" && (path === "/flags/" || path === "/decide/")) {
      return json(200, { featureFlags: {}, featureFlagPayloads: {}, flags: {}, errorsWhileComputingFlags: false, sessionRecording: false }, headers);
    }
    if (method === "GET" && /^\/array\/[^/]+\/config$/.test(path)) return json(200, { sessionRecording: false, supportedCompression: ["gzip-js"] }, headers);
    return json(404, { type: "invalid_request", code: "not_found", detail: "Not found." }, headers);
  }

  const server = await startFakeServer({
    port,
    latencyMs,
    jsonType: "application/json",
    record: (request) => requests.push(request),
    route,
    faultBody: (status) => ({ type: "server_error", code: String(status), detail: "Fault injected by the test." }),
    errorReply: (message) => json(500, { type: "server_error", code: "error", detail: message }),
  });

  return {
    ...server,
    projectKey,
    requests,
    events,
    named: (event) => events.filter((e) => e.event === event),
    clear() {
      events.length = 0;
      requests.length = 0;
    },
  };
}

// The MCP server (POST /api/mcp, docs/decisions/0078-mcp-server.md) through the SDK's own client, its
// requests handed to the real route module, on SQLite and PostgreSQL: a personal access token and its
// scopes, the six tools, and refusals that are the API's own (same code, same translated message).
import type { ActionFunctionArgs } from "@remix-run/node";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { createApiToken, revokeApiToken } from "~/modules/api-tokens/api-tokens.server";
import { API_SCOPES, type ApiScope } from "~/modules/api-tokens/scopes";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { createPostWithTargets } from "~/modules/posts/post.server";
import { replaceQueue } from "~/modules/queue/queue.server";
import { FREE_SCHEDULED_POSTS_PER_MONTH } from "~/modules/subscriptions/plan-limits";
import * as mcpRoute from "~/routes/api.mcp";
import * as postsRoute from "~/routes/api.posts";
import * as postRoute from "~/routes/api.posts.$postId";
import * as scheduleRoute from "~/routes/api.posts.$postId.schedule";
import { startAppServer, type AppServer } from "../support/app-server";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";
import { turnBillingOff, turnBillingOn } from "./billing-switch";
import { planUser, readyDraft, seedPosts, YEAR } from "./plan-limits-support";

type Handler = (args: ActionFunctionArgs) => Promise<Response>;

const MCP_URL = "http://localhost:3000/api/mcp";
const TOOL_NAMES = ["list_channels", "list_posts", "get_post", "create_post", "schedule_post", "queue_post"];

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

/** What the web server would do with a request to /api/mcp: hand it to the route module. */
async function routeFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(url, init);
  const args = { request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.78" } } as unknown as ActionFunctionArgs;
  const handler = (request.method === "GET" || request.method === "HEAD" ? mcpRoute.loader : mcpRoute.action) as Handler;
  return handler(args);
}

async function tokenFor(userId: string, scopes: readonly ApiScope[] = API_SCOPES) {
  return createApiToken(userId, { name: "assistant", scopes });
}

async function connect(token: string) {
  const client = new Client({ name: "plume-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: routeFetch, requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const [content] = result.content;
    // Every result carries its JSON twice: as text, and as structuredContent.
    expect(content?.type).toBe("text");
    const json = JSON.parse((content as { text: string }).text) as Record<string, any>;
    expect(result.structuredContent).toEqual(json);
    return { isError: result.isError === true, json };
  };
  return { client, call };
}

/** A user with LinkedIn and X channels, a token with every scope, and an MCP client for it. */
async function assistant(scopes: readonly ApiScope[] = API_SCOPES) {
  const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
  const channels = await getDb().channel.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
  const { token } = await tokenFor(user.id, scopes);
  return { user, token, channels, ...(await connect(token)) };
}

/** The JSON API's answer to the same request, with the same token. */
async function api(
  route: { action: unknown; loader: unknown },
  token: string,
  init: { method?: string; path: string; params?: Record<string, string>; body?: unknown; lang?: string },
) {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (init.lang) headers.set("Accept-Language", init.lang);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost:3000${init.path}`, {
    method: init.method ?? "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const handler = (init.method === "GET" ? route.loader : route.action) as Handler;
  const response = await handler({ request, params: init.params ?? {}, context: { cspNonce: "", clientIp: "192.0.2.79" } } as unknown as ActionFunctionArgs);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const future = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

describe("tools/list", () => {
  it("shows the six tools, each described with an object input schema", async () => {
    const { client } = await assistant();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe("object");
    }
    const create = tools.find((tool) => tool.name === "create_post")!;
    expect(create.inputSchema.required).toEqual(["targets"]);
    expect(Object.keys(create.inputSchema.properties!)).toEqual(["targets", "scheduledAt"]);
    expect(tools.find((tool) => tool.name === "get_post")!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("shows only the tools a token's scopes allow", async () => {
    const { client } = await assistant(["posts:read"]);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["list_posts", "get_post"]);
  });
});

describe("the tools", () => {
  it("list_channels answers the user's channels as GET /api/channels does", async () => {
    const { call, channels } = await assistant();
    const { isError, json } = await call("list_channels");
    expect(isError).toBe(false);
    expect(json.channels.map((channel: { id: string }) => channel.id)).toEqual(channels.map((channel) => channel.id));
    expect(json.channels.map((channel: { network: string }) => channel.network)).toEqual(["linkedin", "twitter"]);
  });

  it("create_post makes a draft that get_post and list_posts read back, with its targets and metrics", async () => {
    const { call, channels, user } = await assistant();
    const created = await call("create_post", { targets: [{ channelId: channels[0]!.id, parts: [{ text: "Hello from an assistant" }, { text: "A reply" }] }] });
    expect(created.isError).toBe(false);
    expect(created.json).toMatchObject({ status: "draft", scheduledAt: null });
    expect(created.json.targets[0].parts.map((part: { text: string }) => part.text)).toEqual(["Hello from an assistant", "A reply"]);
    const got = await call("get_post", { postId: created.json.id });
    expect(got.json).toEqual(created.json);
    expect(got.json.targets[0]).toHaveProperty("metrics", null);
    const stored = await getDb().post.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(stored).toMatchObject({ userId: user.id, status: "draft" });
    const drafts = await call("list_posts", { status: "draft" });
    expect(drafts.json).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(drafts.json.posts.map((post: { id: string }) => post.id)).toEqual([created.json.id]);
    expect((await call("list_posts", { status: "published" })).json).toMatchObject({ posts: [], total: 0 });
  });

  it("create_post with scheduledAt schedules at once; schedule_post schedules a draft", async () => {
    const { call, channels } = await assistant();
    const at = future(3);
    const scheduled = await call("create_post", { targets: [{ channelId: channels[0]!.id, parts: [{ text: "Scheduled by an assistant" }] }], scheduledAt: at });
    expect(scheduled.isError).toBe(false);
    expect(scheduled.json).toMatchObject({ status: "scheduled", scheduledAt: at });
    const draft = await call("create_post", { targets: [{ channelId: channels[1]!.id, parts: [{ text: "Later" }] }] });
    const later = future(5);
    const moved = await call("schedule_post", { postId: draft.json.id, scheduledAt: later });
    expect(moved.json).toMatchObject({ id: draft.json.id, status: "scheduled", scheduledAt: later });
    expect((await getDb().post.findUniqueOrThrow({ where: { id: draft.json.id } })).scheduledAt!.toISOString()).toBe(later);
  });

  it("queue_post takes the queue's first free slot, and is refused (queue_empty) without slots", async () => {
    const { call, channels, user } = await assistant();
    const draft = await createPostWithTargets(user.id, [{ channelId: channels[0]!.id, parts: [{ text: "For the queue" }] }]);
    const empty = await call("queue_post", { postId: draft.id });
    expect(empty).toEqual({ isError: true, json: { error: { code: "queue_empty", message: "Your queue has no time slots yet: add some first." } } });
    await replaceQueue(user.id, [{ channelId: null, weekday: 1, time: "09:00" }]);
    const queued = await call("queue_post", { postId: draft.id });
    expect(queued.isError).toBe(false);
    expect(queued.json).toMatchObject({ id: draft.id, status: "scheduled" });
    const at = new Date(queued.json.scheduledAt as string);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect([at.getUTCDay(), at.getUTCHours(), at.getUTCMinutes()]).toEqual([1, 9, 0]);
  });
});

describe("refusals, as the API's", () => {
  it("answers a refused tool with isError and the API's error body, and changes nothing", async () => {
    const { call, channels, user, token } = await assistant();
    const before = await getDb().post.count({ where: { userId: user.id } });
    const cases: { args: Record<string, unknown> }[] = [
      // Empty text is refused when scheduling; an unknown channel and an oversized part always.
      { args: { targets: [{ channelId: channels[0]!.id, parts: [{ text: "" }] }], scheduledAt: future(2) } },
      { args: { targets: [{ channelId: "c0000000000000000000000000", parts: [{ text: "Hello" }] }] } },
      { args: { targets: [{ channelId: channels[0]!.id, parts: [] }] } },
      { args: { targets: [{ channelId: channels[0]!.id, parts: [{ text: "Hello" }] }], scheduledAt: "tomorrow" } },
    ];
    for (const { args } of cases) {
      const tool = await call("create_post", args);
      const route = await api(postsRoute, token, { path: "/api/posts", body: args });
      expect(route.status).toBeGreaterThanOrEqual(400);
      expect(tool, JSON.stringify(args)).toEqual({ isError: true, json: route.body });
    }
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(before);
  });

  it("answers another user's post as not found, as the API does", async () => {
    const owner = await assistant();
    const post = await createPostWithTargets(owner.user.id, [{ channelId: owner.channels[0]!.id, parts: [{ text: "Mine" }] }]);
    const { call, token } = await assistant();
    const route = await api(postRoute, token, { method: "GET", path: `/api/posts/${post.id}`, params: { postId: post.id } });
    expect(route.status).toBe(404);
    expect(await call("get_post", { postId: post.id })).toEqual({ isError: true, json: route.body });
    expect(await call("schedule_post", { postId: post.id, scheduledAt: future(2) })).toEqual({ isError: true, json: route.body });
    expect(await call("queue_post", { postId: post.id })).toEqual({ isError: true, json: route.body });
    expect((await call("get_post", { postId: "not-an-id" })).json.error.code).toBe("not_found");
    expect((await getDb().post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe("draft");
  });

  it("speaks the token owner's language", async () => {
    const { call, token, user } = await assistant();
    await getDb().user.update({ where: { id: user.id }, data: { locale: "fr" } });
    const args = { targets: [{ channelId: "c0000000000000000000000000", parts: [{ text: "Bonjour" }] }] };
    const tool = await call("create_post", args);
    const french = await api(postsRoute, token, { path: "/api/posts", body: args, lang: "fr" });
    const english = await api(postsRoute, token, { path: "/api/posts", body: args, lang: "en" });
    expect(french.body.error.message).not.toBe(english.body.error.message);
    expect(tool).toEqual({ isError: true, json: french.body });
  });

  it("refuses a tool its token lacks the scope of, with insufficient_scope", async () => {
    const { call, channels, user } = await assistant(["posts:read", "channels:read"]);
    const refused = await call("create_post", { targets: [{ channelId: channels[0]!.id, parts: [{ text: "Not allowed" }] }] });
    expect(refused).toEqual({
      isError: true,
      json: { error: { code: "insufficient_scope", message: "This access token does not allow this: it needs the posts:write scope." } },
    });
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(0);
    expect((await call("list_channels")).isError).toBe(false);
  });
});

describe("the plan's limit", () => {
  afterEach(() => turnBillingOff());

  it("refuses schedule_post and create_post past the free plan's month, as the API does; the draft stays a draft", async () => {
    turnBillingOn();
    const user = await planUser();
    const january = new Date(Date.UTC(YEAR, 0, 10, 12));
    await seedPosts(user.id, FREE_SCHEDULED_POSTS_PER_MONTH, january);
    const draft = await readyDraft(user.id);
    const { token } = await tokenFor(user.id);
    const { call } = await connect(token);
    const args = { postId: draft.id, scheduledAt: january.toISOString() };
    const route = await api(scheduleRoute, token, {
      path: `/api/posts/${draft.id}/schedule`,
      params: { postId: draft.id },
      body: { scheduledAt: args.scheduledAt },
    });
    expect(route.status).toBe(402);
    expect(route.body.error.code).toBe("plan_limit_reached");
    expect(await call("schedule_post", args)).toEqual({ isError: true, json: route.body });
    const channel = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "linkedin" } });
    const created = await call("create_post", { targets: [{ channelId: channel.id, parts: [{ text: "One more" }] }], scheduledAt: args.scheduledAt });
    expect(created).toEqual({ isError: true, json: route.body });
    expect(await getDb().post.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "draft", scheduledAt: null });
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(FREE_SCHEDULED_POSTS_PER_MONTH + 1);
  });
});

describe("the endpoint", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  };
  const post = (headers: Record<string, string>, body: unknown = initialize) =>
    routeFetch(MCP_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body: JSON.stringify(body),
    });

  it("answers 401 without a token, with a session cookie alone, and with a revoked token", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const none = await post({});
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    const cookie = (await createSession(user.id)).split(";")[0]!;
    expect((await post({ Cookie: cookie })).status).toBe(401);
    const { id, token } = await tokenFor(user.id);
    expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(200);
    await revokeApiToken(user.id, id);
    const revoked = await post({ Authorization: `Bearer ${token}` });
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: { code: "unauthorized", message: "This access token is unknown, revoked or expired." } });
    await expect(connect(token)).rejects.toThrow();
  });

  it("counts each request against the token's rate: past it, 429 with Retry-After", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const { token } = await tokenFor(user.id);
    process.env.API_TOKEN_REQUESTS_PER_MINUTE = "2";
    resetEnvCache();
    try {
      expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(200);
      expect((await post({ Authorization: `Bearer ${token}` })).status).toBe(200);
      const limited = await post({ Authorization: `Bearer ${token}` });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    } finally {
      delete process.env.API_TOKEN_REQUESTS_PER_MINUTE;
      resetEnvCache();
    }
  });

  it("answers tools/call in one JSON-RPC answer, and GET and DELETE with 405", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    const { token } = await tokenFor(user.id);
    const auth = { Authorization: `Bearer ${token}` };
    const listed = await post(auth, { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_channels", arguments: {} } });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { id: number; result: CallToolResult };
    expect(body.id).toBe(7);
    expect((body.result.structuredContent as { channels: unknown[] }).channels).toHaveLength(1);
    for (const method of ["GET", "DELETE"]) {
      const refused = await routeFetch(MCP_URL, { method, headers: { ...auth, Accept: "text/event-stream" } });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get("Allow")).toBe("POST");
    }
  });
});

describe("over HTTP, behind the web server's guards", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("serves an MCP client without an Origin, refuses another site's page and a body over 1 MB", async () => {
    const { user, channels } = await assistant();
    const { token } = await tokenFor(user.id);
    const client = new Client({ name: "plume-http-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    const result = (await client.callTool({ name: "list_channels", arguments: {} })) as CallToolResult;
    expect((result.structuredContent as { channels: { id: string }[] }).channels.map((channel) => channel.id)).toEqual(channels.map((channel) => channel.id));
    await client.close();
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const crossSite = await fetch(`${app.url}/api/mcp`, { method: "POST", headers: { ...headers, Origin: "https://elsewhere.example" }, body: list });
    expect(crossSite.status).toBe(403);
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "list_channels", arguments: { pad: "x".repeat(1024 * 1024) } },
    });
    const tooLarge = await fetch(`${app.url}/api/mcp`, { method: "POST", headers, body: huge });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });
});

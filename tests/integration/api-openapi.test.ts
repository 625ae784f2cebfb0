// GET /api/openapi.json through its route module, and real answers of the API against the schemas
// the document is generated from.
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { channelSchema, listMetaSchema, postSchema, userSchema } from "~/modules/api/openapi-schemas";
import { getDb } from "~/modules/db/db.server";
import * as register from "~/routes/api.auth.register";
import * as channels from "~/routes/api.channels";
import * as openapi from "~/routes/api.openapi[.]json";
import * as posts from "~/routes/api.posts";
import { uniqueEmail } from "./helpers";

type Handler = (args: ActionFunctionArgs) => Promise<Response>;
type Route = { loader: Handler; action: Handler };

async function call(route: Route, method: string, path: string, init: { body?: unknown; cookie?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const request = new Request(`http://localhost:3000${path}`, { method, headers, body });
  const args = { request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.30" } } as unknown as ActionFunctionArgs;
  return method === "GET" ? route.loader(args) : route.action(args);
}

describe("GET /api/openapi.json", () => {
  it("answers the OpenAPI 3.1 document, public and cacheable", async () => {
    const response = await call(openapi, "GET", "/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+$/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/openapi.json",
        "/api/posts",
        "/api/users/me",
        "/api/channels",
        "/api/channels/{channelId}",
        "/api/posts/{postId}/retry",
        "/api/posts/{postId}/metrics/refresh",
        "/api/posts/export.csv",
      ]),
    );
  });

  it("answers other methods with the API's 405", async () => {
    const response = await call(openapi, "POST", "/api/openapi.json");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET");
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
  });

  it("describes what the API really answers: the user, posts and the session cookie", async () => {
    const document = (await (await call(openapi, "GET", "/api/openapi.json")).json()) as {
      components: { securitySchemes: { session: { in: string; name: string } } };
    };
    const signedUp = await call(register, "POST", "/api/auth/register", { body: { email: uniqueEmail("openapi"), password: "password123" } });
    expect(signedUp.status).toBe(201);
    const setCookie = signedUp.headers.get("Set-Cookie")!;
    expect(setCookie.split("=")[0]).toBe(document.components.securitySchemes.session.name);
    const cookie = setCookie.split(";")[0]!;
    const user = ((await signedUp.json()) as { data: Record<string, unknown> }).data;
    expect(userSchema.parse(user)).toEqual(user);

    const created = await call(posts, "POST", "/api/posts", { cookie, body: { platforms: ["linkedin"], linkedinText: "Hello" } });
    expect(created.status).toBe(201);
    const post = ((await created.json()) as { data: Record<string, unknown> }).data;
    expect(postSchema.parse(post)).toEqual(post);

    const listed = (await (await call(posts, "GET", "/api/posts", { cookie })).json()) as { data: unknown[]; meta: unknown };
    expect(listMetaSchema.parse(listed.meta)).toEqual(listed.meta);
    expect(listed.data.map((item) => postSchema.parse(item))).toEqual(listed.data);
  });

  it("describes what the version 2 routes answer: channels, and a post given by targets", async () => {
    const signedUp = await call(register, "POST", "/api/auth/register", { body: { email: uniqueEmail("openapi-v2"), password: "password123" } });
    const cookie = signedUp.headers.get("Set-Cookie")!.split(";")[0]!;
    const user = ((await signedUp.json()) as { data: { id: string } }).data;
    const x = await getDb().channel.create({ data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: "openapi-x", handle: "ada" } });
    const listed = (await (await call(channels, "GET", "/api/channels", { cookie })).json()) as { data: unknown[] };
    expect(listed.data).toHaveLength(1);
    expect(listed.data.map((item) => channelSchema.parse(item))).toEqual(listed.data);
    const created = await call(posts, "POST", "/api/posts", { cookie, body: { targets: [{ channelId: x.id, parts: [{ text: "One" }, { text: "Two" }] }] } });
    expect(created.status).toBe(201);
    const post = ((await created.json()) as { data: Record<string, unknown> }).data;
    expect(postSchema.parse(post)).toEqual(post);
  });
});

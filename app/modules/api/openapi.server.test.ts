import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "~/modules/errors/codes";
import type { ApiHandler } from "./api.server";
import { API_PATHS } from "./openapi-operations.server";
import { buildOpenApiDocument, errorCodes, openApiJson } from "./openapi.server";

const ROUTES_DIR = path.resolve("app/routes");

/** API route files that are not part of the API's surface, and why. */
const NOT_DOCUMENTED: Record<string, string> = {
  "api.$.ts": "the catch-all: unknown API paths answer a JSON 404",
  "api.request-too-large.ts": "internal: where the web server sends an oversized body for its 413",
  "api.stripe.webhook.ts": "called by Stripe with its own signed events, not by API clients (docs/api.md, Billing)",
};

/** A flat-route file name as its URL: `api.posts.$postId.ts` is /api/posts/{postId}, `[.]` a dot. */
function routePath(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").match(/(?:\[[^\]]*\]|[^.[])+/g) ?? [];
  return `/${segments.map((segment) => segment.replace(/\[([^\]]*)\]/g, "$1").replace(/^\$(.+)$/, "{$1}")).join("/")}`;
}

async function routeMethods(): Promise<Record<string, string[]>> {
  const files = readdirSync(ROUTES_DIR).filter((file) => /^api\..*\.tsx?$/.test(file) && !file.includes(".test.") && !(file in NOT_DOCUMENTED));
  const entries = await Promise.all(
    files.map(async (file) => {
      const route = (await import(path.join(ROUTES_DIR, file))) as { loader?: ApiHandler; action?: ApiHandler };
      const methods = route.loader?.methods ?? route.action?.methods;
      if (!methods) throw new Error(`${file} is not built with apiRoute()`);
      return [routePath(file), [...methods].sort()] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe("the OpenAPI document", () => {
  it("reads flat-route file names as paths", () => {
    expect(routePath("api.posts.$postId.images.$imageId.ts")).toBe("/api/posts/{postId}/images/{imageId}");
    expect(routePath("api.openapi[.]json.ts")).toBe("/api/openapi.json");
    expect(routePath("api.ai.generate.ts")).toBe("/api/ai/generate");
  });

  it("documents exactly the API's route files and the methods each answers", async () => {
    const documented = Object.fromEntries(Object.entries(API_PATHS).map(([p, methods]) => [p, Object.keys(methods).sort()]));
    expect(documented, "API_PATHS (openapi-operations.server.ts) lists every API route file and its methods").toEqual(await routeMethods());
    const { paths } = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.fromEntries(Object.entries(paths).map(([p, ops]) => [p, Object.keys(ops).sort()]))).toEqual(
      Object.fromEntries(Object.entries(documented).map(([p, methods]) => [p, methods.map((m) => m.toLowerCase())])),
    );
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const document = buildOpenApiDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("declares each path's {params} as its path parameters", () => {
    const { paths } = buildOpenApiDocument() as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
    for (const [template, operations] of Object.entries(paths)) {
      const inTemplate = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(operations)) {
        expect(
          (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
          template,
        ).toEqual(inTemplate);
      }
    }
  });

  it("takes request bodies and query parameters from the routes' schemas", () => {
    const { paths } = buildOpenApiDocument() as { paths: Record<string, Record<string, any>> };
    const createBody = paths["/api/posts"]!.post.requestBody;
    expect(createBody.required).toBe(true);
    // Version 2 (targets) or version 1 (platforms and texts): the two shapes the route parses.
    const [withTargets, create] = createBody.content["application/json"].schema.anyOf;
    expect(withTargets.required).toEqual(["targets"]);
    expect(withTargets.properties.targets).toMatchObject({ type: "array", maxItems: 20 });
    const target = withTargets.properties.targets.items;
    expect(target.required).toEqual(["channelId", "parts"]);
    expect(target.properties.parts).toMatchObject({ type: "array", minItems: 1, maxItems: 25 });
    expect(target.properties.parts.items.properties.text).toMatchObject({ type: "string", maxLength: 20_000 });
    expect(target.properties.parts.items.properties.imageIds).toMatchObject({ type: "array", maxItems: 4 });
    expect(withTargets.properties.platforms).toMatchObject({ not: {} });
    const [replace] = paths["/api/posts/{postId}"]!.patch.requestBody.content["application/json"].schema.anyOf;
    expect(replace.required).toEqual(["targets"]);
    expect(create.required).toEqual(["platforms"]);
    expect(create.properties.platforms).toMatchObject({ type: "array", minItems: 1, items: { enum: ["linkedin", "twitter"] } });
    expect(create.properties.linkedinText).toMatchObject({ type: "string", maxLength: 20_000, default: "" });
    const list = paths["/api/posts"]!.get.parameters;
    expect(list.map((p: { name: string; required: boolean }) => [p.name, p.required])).toEqual([
      ["status", false],
      ["page", false],
      ["pageSize", false],
    ]);
    expect(list[2].schema).toMatchObject({ type: "integer", maximum: 100, default: 20 });
    const upload = paths["/api/posts/{postId}/images"]!.post.requestBody.content["multipart/form-data"].schema;
    expect(upload.required).toEqual(["image"]);
    expect(Object.keys(upload.properties)).toEqual(["image", "altText"]);
    expect(paths["/api/posts/{postId}/images/{imageId}"]!.delete.parameters.map((p: { name: string }) => p.name)).toEqual(["postId", "imageId"]);
  });

  it("answers the shared shapes by reference, and each error under its code's status", () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };
    const ok = document.paths["/api/posts"]!.get.responses["200"].content["application/json"].schema;
    expect(ok.properties).toEqual({ data: { type: "array", items: { $ref: "#/components/schemas/Post" } }, meta: { $ref: "#/components/schemas/ListMeta" } });
    expect(document.components.schemas.Post.properties.images.items).toEqual({ $ref: "#/components/schemas/Image" });
    expect(document.components.schemas.Error.properties.error.properties.code.enum).toEqual([...Object.keys(ERROR_STATUS), "cross_site_request"]);
    for (const [, methods] of Object.entries(document.paths)) {
      for (const operation of Object.values(methods)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, any>)) {
          if (Number(status) < 400) continue;
          for (const code of response.content["application/json"].schema.properties.error.properties.code.enum) {
            expect(code === "cross_site_request" ? 403 : ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(Number(status));
          }
        }
      }
    }
  });

  it("documents the version 2 routes: channels, retry and metrics", () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };
    const channels = document.paths["/api/channels"]!.get.responses["200"].content["application/json"].schema;
    expect(channels.properties.data).toEqual({ type: "array", items: { $ref: "#/components/schemas/Channel" } });
    expect(Object.keys(document.components.schemas.Channel.properties.limits.properties)).toEqual([
      "maxChars",
      "counting",
      "maxParts",
      "maxImagesPerPart",
      "maxImageBytes",
    ]);
    const remove = document.paths["/api/channels/{channelId}"]!.delete;
    expect(Object.keys(remove.responses)).toEqual(expect.arrayContaining(["204", "401", "404"]));
    const retry = document.paths["/api/posts/{postId}/retry"]!.post.responses;
    expect(retry["409"].content["application/json"].schema.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(["post_not_failed", "post_publishing", "channel_unusable"]),
    );
    expect(retry["422"].content["application/json"].schema.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(["too_many_parts", "images_not_allowed", "text_too_long"]),
    );
    const metrics = document.paths["/api/posts/{postId}/metrics/refresh"]!.post.responses;
    expect(metrics["429"].content["application/json"].schema.properties.error.properties.code.enum).toContain("metrics_refreshed_recently");
    expect(metrics["429"].headers["Retry-After"]).toBeDefined();
    expect(metrics["409"].content["application/json"].schema.properties.error.properties.code.enum).toEqual(["nothing_published"]);
    expect(metrics["501"]).toBeUndefined();
  });

  it("adds the errors every operation of a kind can answer", () => {
    expect(errorCodes("GET", API_PATHS["/api/search"]!.GET!)).toEqual(["internal_error"]);
    expect(errorCodes("PATCH", API_PATHS["/api/posts/{postId}"]!.PATCH!)).toEqual(
      expect.arrayContaining(["cross_site_request", "unauthorized", "not_found", "malformed_request", "validation_failed", "post_published"]),
    );
    const login = buildOpenApiDocument() as { paths: Record<string, Record<string, any>> };
    expect(login.paths["/api/auth/login"]!.post.security).toEqual([]);
    expect(login.paths["/api/auth/login"]!.post.responses["429"].headers["Retry-After"]).toBeDefined();
  });

  it("declares, per operation, the token scope its route asks for, and session only for the others", () => {
    const files = readdirSync(ROUTES_DIR).filter((file) => /^api\..*\.tsx?$/.test(file) && !file.includes(".test.") && !(file in NOT_DOCUMENTED));
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, { security: unknown; description?: string }>> };
    for (const file of files) {
      const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      // Each method's handler, from its `METHOD: async` to the next one.
      for (const [, method, body] of source.matchAll(/^ {2}(GET|POST|PUT|PATCH|DELETE): async([\s\S]*?)(?=^ {2}[A-Z]+: async|^\}\);)/gm)) {
        const scope = /requireApiCaller\(request, "([a-z:]+)"\)/.exec(body!)?.[1];
        const operation = API_PATHS[routePath(file)]![method as "GET"]!;
        expect(operation.scope, `${method} ${routePath(file)}`).toBe(scope);
        const documented = document.paths[routePath(file)]![method!.toLowerCase()]!;
        if (scope) {
          expect(documented.security).toEqual([{ session: [] }, { bearerAuth: [scope] }]);
          expect(documented.description).toContain(`Scope: \`${scope}\``);
        } else if (!operation.public) {
          expect(documented.security).toEqual([{ session: [] }]);
          expect(documented.description).toContain("Session only");
        }
      }
    }
    const tokens = document.paths["/api/tokens"]!;
    expect(tokens.post!.security).toEqual([{ session: [] }]);
  });

  it("is built once and served as the same text", () => {
    expect(openApiJson()).toBe(openApiJson());
    expect(JSON.parse(openApiJson())).toEqual(buildOpenApiDocument());
  });
});

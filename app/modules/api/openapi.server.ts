import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "~/modules/errors/codes";
import { MAX_IMAGE_BYTES } from "~/modules/media/limits";
import { API_PATHS, type ApiOperation, type ApiPaths, type ComponentName } from "./openapi-operations.server";
import { componentSchemas, CROSS_SITE_CODE } from "./openapi-schemas";

// The JSON API's OpenAPI 3.1 document, built from the schemas the routes parse and the views'
// schemas (docs/decisions/0024). docs/api.md stays the guide in prose.

type Json = Record<string, unknown>;
type AnyCode = ErrorCode | typeof CROSS_SITE_CODE;

const SESSION_COOKIE = "plume_session";
const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });

/** Drops what only adds noise or would close the shapes: answers may gain fields (docs/api.md). */
function tidy({ jsonSchema }: { jsonSchema: Json }) {
  if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  if (jsonSchema.format === "date-time") delete jsonSchema.pattern; // the format says it
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
}

const options = { target: "draft-2020-12", unrepresentable: "any", override: tidy } as const;

/** A request schema as clients send it (defaults optional), or an answer's as the server sends it. */
function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { ...options, io }) as Json;
  return rest;
}

function components(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(componentSchemas)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { ...options, io: "output", uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...rest }]) => [id, rest as Json]));
}

function parameters(operation: ApiOperation): Json[] {
  const inPath = operation.params ? toJsonSchema(operation.params, "input") : { properties: {} };
  const inQuery = operation.query ? toJsonSchema(operation.query, "input") : { properties: {} };
  const list = (location: "path" | "query", { properties, required = [] }: Json) =>
    Object.entries(properties as Record<string, Json>).map(([name, schema]) => ({
      name,
      in: location,
      // A query value with a default, or one read leniently, may always be left out.
      required: location === "path" || ((required as string[]).includes(name) && !("default" in schema)),
      schema,
      ...(location === "query" && operation.queryNotes?.[name] ? { description: operation.queryNotes[name] } : {}),
    }));
  return [...list("path", inPath), ...list("query", inQuery)];
}

function requestBody(operation: ApiOperation): Json | undefined {
  if (operation.upload) {
    const fields = toJsonSchema(operation.upload, "input");
    const { field, description } = operation.uploadFile ?? {
      field: "image",
      description: `One image file: JPEG, PNG, GIF or WebP, at most ${MAX_IMAGE_BYTES / 2 ** 20} MB`,
    };
    const file = { type: "string", contentMediaType: "application/octet-stream", description };
    const schema = { ...fields, properties: { [field]: file, ...(fields.properties as Json) }, required: [field] };
    return { required: true, content: { "multipart/form-data": { schema } } };
  }
  if (!operation.body) return undefined;
  const schema = toJsonSchema(operation.body, "input");
  // A body of several shapes (version 1 or 2) is required when each shape requires something.
  const requires = (shape: Json) => Array.isArray(shape.required) && shape.required.length > 0;
  const required = Array.isArray(schema.anyOf) ? (schema.anyOf as Json[]).every(requires) : requires(schema);
  return { required, content: { "application/json": { schema } } };
}

function dataSchema({ data, list }: ApiOperation["answer"]): Json {
  const one = data === undefined || data === null ? { type: "null" } : typeof data === "string" ? ref(data) : toJsonSchema(data, "output");
  if (!list) return { type: "object", required: ["data"], properties: { data: one } };
  const many = { type: "array", items: one };
  if (list === "all") return { type: "object", required: ["data"], properties: { data: many } };
  return { type: "object", required: ["data", "meta"], properties: { data: many, meta: ref("ListMeta") } };
}

const SUCCESS = { 200: "OK", 201: "Created", 204: "Done, no content" } as const;

function success(operation: ApiOperation): Json {
  const { answer } = operation;
  const headers = answer.setsCookie ? { headers: { "Set-Cookie": { description: "The session cookie", schema: { type: "string" } } } } : {};
  if (answer.status === 204) return { description: SUCCESS[204], ...headers };
  if (answer.file) {
    const download = { "Content-Disposition": { description: "attachment, with the file's name", schema: { type: "string" } } };
    const content = { [answer.file.mediaType]: { schema: { type: "string", description: answer.file.description } } };
    return { description: SUCCESS[answer.status], headers: { ...headers.headers, ...download }, content };
  }
  const schema = answer.raw ? toJsonSchema(answer.raw, "output") : dataSchema(answer);
  return { description: SUCCESS[answer.status], ...headers, content: { "application/json": { schema } } };
}

/** Its own codes, and those every operation of its kind can answer. */
export function errorCodes(method: string, operation: ApiOperation): AnyCode[] {
  const codes = new Set<AnyCode>();
  if (method !== "GET") codes.add(CROSS_SITE_CODE);
  if (!operation.public) codes.add("unauthorized").add("insufficient_scope");
  // A token's requests count against its rate (API_TOKEN_REQUESTS_PER_MINUTE).
  if (operation.scope || operation.tokenOnly) codes.add("rate_limited");
  if (operation.params) codes.add("not_found");
  if (operation.body || operation.upload) codes.add("malformed_request").add("validation_failed");
  if (operation.body) codes.add("payload_too_large").add("too_many_fields");
  for (const code of operation.errors ?? []) codes.add(code);
  codes.add("internal_error");
  return [...codes];
}

const statusOf = (code: AnyCode) => (code === CROSS_SITE_CODE ? 403 : ERROR_STATUS[code]);

function failures(method: string, operation: ApiOperation): Record<string, Json> {
  const byStatus = new Map<number, AnyCode[]>();
  for (const code of errorCodes(method, operation)) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  const sorted = [...byStatus].sort(([a], [b]) => a - b);
  return Object.fromEntries(
    sorted.map(([status, codes]) => {
      const schema = { allOf: [ref("Error")], properties: { error: { properties: { code: { enum: codes } } } } };
      const retry = status === 429 ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } } : {};
      return [String(status), { description: codes.map((c) => `\`${c}\``).join(", "), ...retry, content: { "application/json": { schema } } }];
    }),
  );
}

/** Who may call: anyone, the session or a token with the operation's scope, or the session only. */
function security(operation: ApiOperation): Json[] {
  if (operation.public) return [];
  if (operation.tokenOnly) return [{ bearerAuth: [] }];
  if (operation.scope) return [{ session: [] }, { bearerAuth: [operation.scope] }];
  return [{ session: [] }];
}

function description(operation: ApiOperation): Json {
  const who = operation.public
    ? undefined
    : operation.tokenOnly
      ? "Token only: a personal access token with any scope; a session cookie alone gets 401."
      : operation.scope
        ? `Scope: \`${operation.scope}\` (a personal access token needs it, or it gets 403 \`insufficient_scope\`; a signed-in session may always).`
        : "Session only: a personal access token is refused with 403 `insufficient_scope`.";
  const text = [operation.description, who].filter(Boolean).join("\n\n");
  return text ? { description: text } : {};
}

function pathItems(paths: ApiPaths): Json {
  return Object.fromEntries(
    Object.entries(paths).map(([path, methods]) => [
      path,
      Object.fromEntries(
        Object.entries(methods).map(([method, operation]) => {
          const parameterList = parameters(operation);
          const body = requestBody(operation);
          return [
            method.toLowerCase(),
            {
              tags: [operation.tag],
              summary: operation.summary,
              ...description(operation),
              operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
              security: security(operation),
              ...(parameterList.length ? { parameters: parameterList } : {}),
              ...(body ? { requestBody: body } : {}),
              responses: { [String(operation.answer.status)]: success(operation), ...failures(method, operation) },
            },
          ];
        }),
      ),
    ]),
  );
}

const DESCRIPTION = `Plume's JSON API, used by the browser app and scripts alike.

Success answers \`{"data": …}\` (lists add \`meta\`); failure answers \`{"error": {"code", "message", "fields"?, "rows"?}}\`, where
\`code\` is stable and \`message\` is in the request's language (\`?lang=en|fr\`, the \`plume_locale\` cookie, then
Accept-Language). Bodies are JSON, or a form for simple clients; over 1 MB (an upload: one 5 MB image) is a 413.
A method a path does not answer is a 405 with an \`Allow\` header. Times are ISO 8601 in UTC.

Scripts authenticate with a personal access token (\`Authorization: Bearer plm_…\`, the \`bearerAuth\` scheme): each
operation says which scope it needs, or that it takes the session only.`;

export function buildOpenApiDocument(paths: ApiPaths = API_PATHS): Json {
  return {
    openapi: "3.1.1",
    info: { title: "Plume API", version: "1", description: DESCRIPTION },
    tags: ["Accounts", "Connections", "Channels", "Posts", "Queue", "Webhooks", "AI drafting", "Billing", "Public", "Reference", "MCP"].map((name) => ({
      name,
    })),
    security: [{ session: [] }],
    paths: pathItems(paths),
    components: {
      schemas: components(),
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "Set by sign-up and sign-in" },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "plm_…",
          description:
            "A personal access token, created on the profile's API page or with POST /api/tokens: `Authorization: Bearer plm_…`. " +
            "It opens only the operations whose scope it holds (posts:read, posts:write, channels:read); tokens, webhooks, the password, " +
            "billing and the account need the session. 401 for an unknown, revoked or expired token; 429 with Retry-After past its rate.",
        },
      },
    },
  };
}

let built: { json: string } | undefined;

/** The document as served: built on first request, then the same text every time. */
export function openApiJson(): string {
  built ??= { json: JSON.stringify(buildOpenApiDocument()) };
  return built.json;
}

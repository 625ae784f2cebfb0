import { z } from "zod";
import { webhookEventParams, webhookParams } from "~/modules/http/params.server";
import { webhookInput } from "~/modules/webhooks/webhooks.server";
import { createdWebhookSchema } from "~/modules/api/openapi-schemas";
import type { ApiPaths } from "~/modules/api/openapi-operation";

// Webhooks and the MCP server: their operations in the OpenAPI document (see openapi-operations.server.ts).

const jsonRpcId = z.union([z.string(), z.number()]);
const mcpMessageSchema = z
  .looseObject({ jsonrpc: z.literal("2.0"), id: jsonRpcId.optional(), method: z.string(), params: z.looseObject({}).optional() })
  .describe('A JSON-RPC 2.0 request or notification, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}');
const mcpAnswerSchema = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: jsonRpcId.nullable(),
    result: z.looseObject({}).optional(),
    error: z.looseObject({ code: z.number(), message: z.string() }).optional(),
  })
  .describe("The JSON-RPC answer (202 with no body for notifications alone)");

export const AUTOMATION_PATHS: ApiPaths = {
  "/api/mcp": {
    POST: {
      tag: "MCP",
      summary: "The Model Context Protocol server (Streamable HTTP, stateless) for AI assistants",
      description:
        "Needs `Authorization: Bearer plm_…` (a session cookie is not enough: 401) and `Accept: application/json, text/event-stream`; each " +
        "request is rate-limited like the token's other calls. The body is a JSON-RPC 2.0 message (or a batch) of the MCP protocol: " +
        "`initialize`, `tools/list`, `tools/call`…; the answer is JSON-RPC, and a malformed message a JSON-RPC error. Tools: `list_channels` " +
        "(channels:read), `list_posts` and `get_post` (posts:read), `create_post`, `schedule_post` and `queue_post` (posts:write); tools/list " +
        "shows those the token's scopes allow. A refused tool call is a result with `isError: true` whose content is this API's error " +
        "body, in the token owner's language. GET and DELETE answer 405: there are no sessions nor server-sent streams.",
      tokenOnly: true,
      body: mcpMessageSchema,
      answer: { status: 200, raw: mcpAnswerSchema },
      errors: ["rate_limited"],
    },
  },
  "/api/webhooks": {
    GET: {
      tag: "Webhooks",
      summary: "The user's webhooks, oldest first (session only: a token never manages webhooks)",
      answer: { status: 200, data: "Webhook", list: "all" },
    },
    POST: {
      tag: "Webhooks",
      summary: "Add a webhook; its `secret` is in this answer only",
      description:
        "`url`: https, at most 2,000 characters, not a private or loopback address (http and private addresses only when the instance sets WEBHOOKS_ALLOW_PRIVATE=true). " +
        "`events`: one or more of `post.published`, `post.failed`, `channel.needs_reconnect`. At most 10 webhooks a workspace (409 `webhook_limit_reached`). " +
        'Each event is a POST of `{id, type, createdAt, data}` with headers `Plume-Event-Id` and `Plume-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`; ' +
        "anything but a 2xx within 10 s is retried with the same id for 24 hours (30 s, 2 min, 10 min, 1 h, 3 h, then every 6 h). Redirects are not followed.",
      body: webhookInput,
      answer: { status: 201, data: createdWebhookSchema },
      errors: ["webhook_limit_reached"],
    },
  },
  "/api/webhooks/{webhookId}": {
    DELETE: {
      tag: "Webhooks",
      summary: "Delete a webhook and its delivery history",
      params: webhookParams,
      answer: { status: 204 },
    },
  },
  "/api/webhooks/{webhookId}/test": {
    POST: {
      tag: "Webhooks",
      summary: "Send a `ping` event now; answers the attempt (a failed ping is not retried)",
      params: webhookParams,
      answer: { status: 200, data: "WebhookAttempt" },
    },
  },
  "/api/webhooks/{webhookId}/attempts": {
    GET: {
      tag: "Webhooks",
      summary: "The webhook's last 50 delivery attempts, newest first",
      params: webhookParams,
      answer: { status: 200, data: "WebhookAttempt", list: "all" },
    },
  },
  "/api/webhooks/{webhookId}/events/{eventId}/resend": {
    POST: {
      tag: "Webhooks",
      summary: "Queue an event again for this webhook, with the same event id, retried for another 24 hours",
      params: webhookEventParams,
      answer: { status: 204 },
      errors: ["webhook_delivery_in_flight"],
    },
  },
};

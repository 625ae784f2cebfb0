import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { actorOf } from "~/modules/workspaces/owner";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { TFunction } from "i18next";
import { z } from "zod";
import { logger } from "~/core/logger/logger.server";
import { apiErrorBody, asAppError, assertScope, requireApiToken } from "~/modules/api/api.server";
import type { TokenCaller } from "~/modules/api-tokens/api-tokens.server";
import { MAX_BODY_BYTES } from "~/modules/http/body-limits";
import { isLocale } from "~/modules/i18n/i18n";
import { getLocale, getTranslator } from "~/modules/i18n/i18n.server";
import { MCP_TOOLS, type McpTool } from "./mcp-tools.server";

// POST /api/mcp (docs/decisions/0078-mcp-server.md): a Model Context Protocol server over Streamable
// HTTP, stateless: each request gets its own server and transport, so any instance answers any
// request and nothing is kept between them. The caller is a personal access token (401 without
// one); each tool needs its API route's scope.

const SERVER_INFO = { name: "plume", version: "1.0.0" };

const INSTRUCTIONS =
  "Plume schedules posts to the user's social channels. list_channels gives the channel ids create_post needs; a post without " +
  "scheduledAt is a draft, which schedule_post or queue_post schedules later. Times are ISO 8601; refusals carry a code and a message " +
  "for the user.";

/** Allowed methods: stateless, there is no stream to open (GET) nor session to end (DELETE). */
const ALLOW = "POST";

/** The SDK's own answer to a method a stateless server does not take, with our Allow. */
export function mcpMethodNotAllowed(): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null }, { status: 405, headers: { Allow: ALLOW } });
}

/** The tools this token may use, as tools/list shows them. */
export function toolsFor(caller: Pick<TokenCaller, "scopes">): McpTool[] {
  return MCP_TOOLS.filter((tool) => caller.scopes.includes(tool.scope));
}

const definitions = new Map<string, Tool>();

/** A tool as tools/list shows it (made once: the schemas never change at run time). */
function toolDefinition(tool: McpTool): Tool {
  let definition = definitions.get(tool.name);
  if (!definition) {
    definition = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.input, { io: "input", unrepresentable: "any" }) as Tool["inputSchema"],
      annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, idempotentHint: tool.readOnly },
    };
    definitions.set(tool.name, definition);
  }
  return definition;
}

function jsonResult(value: Record<string, unknown>, isError = false): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value, ...(isError ? { isError } : {}) };
}

/** The token owner's language (an assistant speaks for them), else the request's. */
async function translatorFor(request: Request, caller: TokenCaller): Promise<TFunction> {
  return getTranslator(isLocale(caller.user.locale) ? caller.user.locale : await getLocale(request));
}

async function callTool(request: Request, caller: TokenCaller, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const tool = MCP_TOOLS.find((candidate) => candidate.name === name);
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
  // By token id and tool name: never the token, nor what the post says.
  logger.info({ tokenId: caller.tokenId, tool: tool.name }, "MCP tool call");
  try {
    assertScope(caller, tool.scope);
    return jsonResult(await tool.run({ user: caller.user, actor: actorOf(caller) }, args));
  } catch (error) {
    return jsonResult(apiErrorBody(await translatorFor(request, caller), asAppError(error, request)), true);
  }
}

function createServer(request: Request, caller: TokenCaller): Server {
  // The low-level Server: tools/list shows only this token's tools, and arguments are parsed by the
  // API's schemas (McpServer would refuse them first, with Zod's English).
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolsFor(caller).map(toolDefinition) }));
  server.setRequestHandler(CallToolRequestSchema, (call) => callTool(request, caller, call.params.name, call.params.arguments ?? {}));
  return server;
}

/** One MCP request (a POST of JSON-RPC messages) answered; a bad token throws the API's 401 or 429. */
export async function handleMcpRequest(request: Request): Promise<Response> {
  if (request.method.toUpperCase() !== "POST") return mcpMethodNotAllowed();
  const caller = await requireApiToken(request);
  const server = createServer(request, caller);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

import { apiRoute, type ApiHandler } from "~/modules/api/api.server";
import { handleMcpRequest, mcpMethodNotAllowed } from "~/modules/mcp/mcp.server";

/**
 * POST /api/mcp: the Model Context Protocol server (Streamable HTTP, stateless, JSON answers) for a
 * personal access token; GET and DELETE answer 405 as the SDK's stateless servers do.
 */
const post = apiRoute({ POST: ({ request }) => handleMcpRequest(request) });

const handler: ApiHandler = Object.assign(
  (args: Parameters<ApiHandler>[0]) => (args.request.method.toUpperCase() === "POST" ? post(args) : Promise.resolve(mcpMethodNotAllowed())),
  {
    methods: post.methods,
  },
);

export const loader = handler;
export const action = handler;

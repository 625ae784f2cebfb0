import { z } from "zod";
import { parseBody } from "~/modules/api/api.server";
import type { ApiScope } from "~/modules/api-tokens/scopes";
import type { AuthUser } from "~/modules/auth/session.server";
import { listChannels } from "~/modules/channels/channels.server";
import { getParams, postParams } from "~/modules/http/params.server";
import { createPostFromTargets, getOwnPost, listPosts, schedulePost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { apiCreatePostTargetsSchema, apiScheduleSchema, listQuerySchema, POST_FILTERS } from "~/modules/posts/schemas";
import { addToQueue } from "~/modules/queue/queue.server";
import type { Actor } from "~/modules/workspaces/owner";

// The MCP server's tools (docs/decisions/0078-mcp-server.md): each is one API route's work, with
// the route's scope, Zod schema and module service, so a tool never does what the API would refuse.
// `input` is what tools/list shows the assistant; the arguments are parsed with the API's own
// schema (parseBody, getParams), so a refusal carries the API's code and translated message.

/** Who calls a tool: the token's maker, acting in the token's workspace. */
export interface McpCaller {
  user: AuthUser;
  actor: Actor;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  scope: ApiScope;
  /** The arguments as the assistant is told of them (JSON Schema made from the API's Zod schemas). */
  input: z.ZodObject;
  readOnly: boolean;
  /** The result: a JSON object (the tool result's structuredContent and, as text, its content). */
  run: (caller: McpCaller, args: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

const POST_VIEW =
  "The post as GET /api/posts/{id} answers it: id, status (draft, scheduled, publishing, published, failed), scheduledAt and publishedAt " +
  "(ISO 8601, UTC), and targets: one per channel with its parts (text, status, url once published) and metrics (the numbers last fetched " +
  "from the network, summed over the parts: null until first fetched).";

const postIdInput = z.object({ postId: z.string().describe("A post's id, from list_posts or create_post") });

const statusInput = z.enum(POST_FILTERS).optional().describe("draft; pending (scheduled or publishing); published; failed; all (the default)");

/** create_post's arguments without the version 1 fields the API refuses beside `targets`. */
const createInput = apiCreatePostTargetsSchema.omit({ platforms: true, linkedinText: true, twitterText: true });

export const MCP_TOOLS: readonly McpTool[] = [
  {
    name: "list_channels",
    title: "List channels",
    description:
      "Lists the user's channels (connected social accounts: LinkedIn, X, Bluesky, Mastodon…), oldest first, each with its id, network, " +
      "name, status and limits. Call it first: create_post needs a channel id from here.",
    scope: "channels:read",
    input: z.object({}),
    readOnly: true,
    run: async ({ actor }) => ({ channels: await listChannels(actor.workspaceId) }),
  },
  {
    name: "list_posts",
    title: "List posts",
    description:
      "Lists the user's posts, newest first, 20 a page (pageSize up to 100), optionally only those of one status. Answers {posts, page, " +
      "pageSize, total}; each post as get_post shows it.",
    scope: "posts:read",
    input: z.object({
      status: statusInput,
      page: z.number().int().min(1).optional().describe("From 1; the default is 1"),
      pageSize: z.number().int().min(1).max(100).optional().describe("The default is 20"),
    }),
    readOnly: true,
    run: async ({ actor }, args) => {
      const { status, page, pageSize } = listQuerySchema.parse(args);
      const { posts, total } = await listPosts(actor, status, page, pageSize);
      return { posts: posts.map(toPostView), page, pageSize, total };
    },
  },
  {
    name: "get_post",
    title: "Get a post",
    description: `Reads one of the user's posts: its status, where and when it was published, and its metrics (likes, comments, shares, views as last fetched). ${POST_VIEW}`,
    scope: "posts:read",
    input: postIdInput,
    readOnly: true,
    run: async ({ actor }, args) => toPostView(await getOwnPost(actor, getParams(args as Record<string, string>, postParams).postId)),
  },
  {
    name: "create_post",
    title: "Create a post",
    description:
      "Creates a post for one or more channels (channelId from list_channels), each with its parts: part 1 is the post, more parts make a " +
      "thread (replies) or, on LinkedIn, a first comment. Without scheduledAt the post is a draft (nothing is published); with scheduledAt " +
      "(ISO 8601 with an offset, in the future) it is scheduled at once, checked against each network's limits and the user's plan, and " +
      `refused as a whole if anything fails. Answers the post. ${POST_VIEW}`,
    scope: "posts:write",
    input: createInput,
    readOnly: false,
    run: async ({ actor }, args) => toPostView(await createPostFromTargets(actor, parseBody(apiCreatePostTargetsSchema, args))),
  },
  {
    name: "schedule_post",
    title: "Schedule a post",
    description:
      "Schedules one of the user's posts (a draft, a scheduled post to move, or a failed one to retry) at scheduledAt (ISO 8601 with an " +
      "offset, in the future), checked against each network's limits and the user's plan. Answers the post.",
    scope: "posts:write",
    input: postIdInput.extend({ scheduledAt: apiScheduleSchema.shape.scheduledAt.describe("When to publish, e.g. 2027-06-07T09:00:00+02:00") }),
    readOnly: false,
    run: async ({ actor }, args) => {
      const { scheduledAt } = parseBody(apiScheduleSchema, args);
      const { postId } = getParams(args as Record<string, string>, postParams);
      return toPostView(await schedulePost(actor, postId, new Date(scheduledAt)));
    },
  },
  {
    name: "queue_post",
    title: "Add a post to the queue",
    description:
      "Schedules one of the user's posts at the first free time slot of the user's posting queue (set up in Plume) that suits every " +
      "channel the post targets. Refused (queue_empty) when the queue has no slots. Answers the post with its new scheduledAt.",
    scope: "posts:write",
    input: postIdInput,
    readOnly: false,
    run: async ({ actor }, args) => toPostView(await addToQueue(actor, getParams(args as Record<string, string>, postParams).postId)),
  },
];

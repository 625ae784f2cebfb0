import { z } from "zod";
import { apiChangePasswordSchema, apiLoginSchema, apiRegisterSchema } from "~/modules/auth/schemas";
import { addOrganizationBodySchema, connectQuerySchema, disconnectBodySchema } from "~/modules/connections/schemas";
import { searchQuerySchema } from "~/modules/content/search.server";
import type { ErrorCode } from "~/modules/errors/codes";
import {
  channelParams,
  postImageParams,
  postParams,
  providerParams,
  tokenParams,
  userParams,
  webhookEventParams,
  webhookParams,
} from "~/modules/http/params.server";
import { webhookInput } from "~/modules/webhooks/webhooks.server";
import { adminUsersQuerySchema, setAdminBodySchema } from "~/modules/admin/schemas";
import { checkoutSchema } from "~/modules/billing/schemas";
import { waitlistSchema } from "~/modules/marketing/schemas";
import { apiQueueSchema, nextQueueQuerySchema } from "~/modules/queue/schemas";
import { MAX_IMAGES_PER_POST } from "~/modules/media/limits";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/modules/posts/csv-import";
import {
  apiCreatePostSchema,
  apiCreatePostTargetsSchema,
  apiGenerateSchema,
  apiScheduleSchema,
  apiUpdatePostSchema,
  apiUpdatePostTargetsSchema,
  exportQuerySchema,
  imageUploadFieldsSchema,
  listQuerySchema,
} from "~/modules/posts/schemas";
import type { ApiMethod } from "./api.server";
import type { ApiScope } from "~/modules/api-tokens/scopes";
import { createApiTokenSchema } from "~/modules/api-tokens/schemas";
import {
  type componentSchemas,
  connectUrlSchema,
  organizationChoiceSchema,
  newApiTokenSchema,
  draftSchema,
  postSchema,
  postSearchResultSchema,
  searchResultSchema,
  stripeUrlSchema,
  createdWebhookSchema,
  waitlistCountSchema,
  waitlistJoinedSchema,
} from "./openapi-schemas";

// Every operation of the JSON API, for its OpenAPI document, with the very schemas the routes parse.
// openapi.server.test.ts holds this table to the route files (app/routes/api.*.ts) and their methods.

export type ComponentName = keyof typeof componentSchemas;

export interface ApiOperation {
  tag: "Accounts" | "Connections" | "Channels" | "Posts" | "Queue" | "Webhooks" | "AI drafting" | "Billing" | "Admin" | "Public" | "Reference" | "MCP";
  summary: string;
  description?: string;
  /** Answered without a session. */
  public?: true;
  /** The personal access token scope that opens it; absent (and not public): the session only. */
  scope?: ApiScope;
  /** A personal access token only, whatever its scopes (a session is not enough). */
  tokenOnly?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Query parameters' descriptions, by name. */
  queryNotes?: Record<string, string>;
  /** A JSON (or form) body. */
  body?: z.ZodType;
  /** A multipart upload: one file (in `image` unless `uploadFile` says otherwise), with these fields. */
  upload?: z.ZodObject;
  /** The upload's file field and what it holds, when not an image. */
  uploadFile?: { field: string; description: string };
  answer: {
    status: 200 | 201 | 204;
    /** What `data` holds: a shared component or a schema of its own. */
    data?: ComponentName | z.ZodType | null;
    /** `data` is a list of them: "paged" adds `meta`, "all" is every result at once. */
    list?: "paged" | "all";
    /** The body as is, without the {data} envelope. */
    raw?: z.ZodType;
    /** A file to download rather than JSON: its media type, and what it holds. */
    file?: { mediaType: string; description: string };
    setsCookie?: true;
  };
  /** The codes particular to this operation; those every such operation can answer are added. */
  errors?: ErrorCode[];
}

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

export type ApiPaths = Record<string, Partial<Record<ApiMethod, ApiOperation>>>;

/** What scheduling checks (the platforms' rules and connections), in the order it checks them. */
const SCHEDULING_CODES: ErrorCode[] = [
  "no_platform",
  "text_required",
  "text_too_long",
  "too_many_images",
  "stored_image_too_large",
  "image_dimensions_too_large",
  "accounts_not_connected",
];
/** What scheduling checks of each target's parts and channel (version 2). */
const TARGET_CODES: ErrorCode[] = ["too_many_parts", "images_not_allowed", "channel_unusable"];
const EDITABLE_CODES: ErrorCode[] = ["post_published", "post_publishing"];
/** What only taking a post out of draft checks: the free plan's posts a month (when billing is on). */
const LEAVING_DRAFT_CODES: ErrorCode[] = [...SCHEDULING_CODES, ...TARGET_CODES, "plan_limit_reached"];

export const API_PATHS: ApiPaths = {
  "/api/auth/register": {
    POST: {
      tag: "Accounts",
      summary: "Create an account and sign in",
      description: "`username` is accepted and ignored (the username is the e-mail). The account's language is the request's.",
      public: true,
      body: apiRegisterSchema,
      answer: { status: 201, data: "User", setsCookie: true },
      errors: ["email_taken", "rate_limited"],
    },
  },
  "/api/auth/login": {
    POST: {
      tag: "Accounts",
      summary: "Sign in",
      public: true,
      body: apiLoginSchema,
      answer: { status: 200, data: "User", setsCookie: true },
      errors: ["invalid_credentials", "rate_limited"],
    },
  },
  "/api/auth/logout": {
    POST: { tag: "Accounts", summary: "Sign out (the cookie is cleared)", answer: { status: 200, data: null, setsCookie: true } },
  },
  "/api/users/me": {
    GET: { tag: "Accounts", summary: "The signed-in user", answer: { status: 200, data: "User" } },
  },
  "/api/users/password": {
    PUT: {
      tag: "Accounts",
      summary: "Change the password",
      description: "Every session ends; this client carries on with the new session cookie sent back.",
      body: apiChangePasswordSchema,
      answer: { status: 200, data: null, setsCookie: true },
      errors: ["wrong_password", "rate_limited"],
    },
  },
  "/api/tokens": {
    GET: {
      tag: "Accounts",
      summary: "The user's personal access tokens, newest first (never their secrets)",
      answer: { status: 200, data: "ApiToken", list: "all" },
    },
    POST: {
      tag: "Accounts",
      summary: "Create a personal access token",
      description:
        "`scopes`: one or more of `posts:read`, `posts:write`, `channels:read`. `expiresInDays`: 1 to 365; absent or null, the token never expires. " +
        "The answer's `token` is the secret, shown this once: send it as `Authorization: Bearer plm_…`. At most 25 tokens a user (409 `api_token_limit_reached`).",
      body: createApiTokenSchema,
      answer: { status: 201, data: newApiTokenSchema },
      errors: ["api_token_limit_reached"],
    },
  },
  "/api/tokens/{tokenId}": {
    DELETE: {
      tag: "Accounts",
      summary: "Revoke a personal access token",
      description: "At once: its next request is a 401. Another user's token, or an unknown id, is a 404.",
      params: tokenParams,
      answer: { status: 204 },
    },
  },
  "/api/auth/{provider}/url": {
    GET: {
      tag: "Connections",
      summary: "The provider's consent page to connect an account",
      params: providerParams,
      query: connectQuerySchema,
      queryNotes: {
        prompt: "LinkedIn only: `login` signs in as someone else.",
        returnTo: "A path of this site the OAuth callback comes back to.",
      },
      answer: { status: 200, data: connectUrlSchema },
      errors: ["provider_unavailable", "rate_limited"],
    },
  },
  "/api/auth/{provider}/disconnect": {
    POST: {
      tag: "Connections",
      summary: "Disconnect an account (X's token is revoked)",
      description:
        "`userIdProvider`, the account's id at the provider, is optional; when given and it is not the connected account, nothing changes (404 `not_connected`).",
      params: providerParams,
      body: disconnectBodySchema,
      answer: { status: 200, data: null },
      errors: ["not_connected"],
    },
  },
  "/api/channels": {
    GET: {
      tag: "Channels",
      scope: "channels:read",
      summary: "The user's channels (connected accounts, several per network), oldest first",
      answer: { status: 200, data: "Channel", list: "all" },
    },
  },
  "/api/channels/linkedin/organizations": {
    GET: {
      tag: "Channels",
      summary: "The LinkedIn pages the user's connected member administers now (decision 58)",
      description:
        "Asked of LinkedIn with the oldest member channel whose token has the Community Management scopes; none: 409 `pages_unavailable`. " +
        "`id` is the organization's URN, `logoUrl` LinkedIn's own address of its logo, `added` whether it is already a channel.",
      answer: { status: 200, data: organizationChoiceSchema, list: "all" },
      errors: ["pages_unavailable", "channel_unusable", "connect_failed"],
    },
    POST: {
      tag: "Channels",
      summary: "Add a LinkedIn page the member administers as a channel (kind organization)",
      description:
        "`organizationId`: digits or `urn:li:organization:…`. Checked against the pages the member administers now: any other is a 403 `forbidden`, nothing added.",
      body: addOrganizationBodySchema,
      answer: { status: 201, data: "Channel" },
      errors: ["pages_unavailable", "forbidden", "channel_unusable", "connect_failed"],
    },
  },
  "/api/channels/{channelId}": {
    DELETE: {
      tag: "Channels",
      summary: "Remove a channel (X's tokens are revoked)",
      description:
        "Another user's channel, or an unknown id, is a 404. Scheduled posts that target it stay: their target's `channelId` becomes null, " +
        'and they fail with "channel removed" unless edited (scheduling such a post again is a 409 `channel_unusable`).',
      params: channelParams,
      answer: { status: 204 },
    },
  },
  "/api/posts": {
    GET: {
      tag: "Posts",
      scope: "posts:read",
      summary: "The user's posts, newest first",
      description: "`pending` is scheduled and publishing. Values that cannot be read fall back to the defaults.",
      query: listQuerySchema,
      answer: { status: 200, data: "Post", list: "paged" },
    },
    POST: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Create a post: a draft, or scheduled with `scheduledAt`",
      description:
        "Either `targets` (channels and their ordered parts) or the version 1 `platforms` and texts, never both (422 naming the version 1 field). " +
        "A single platform may be a string. A refused schedule leaves no draft behind; its 422 `fields` name the part at fault " +
        "(`targets.{i}.parts.{j}.text`).",
      body: z.union([apiCreatePostTargetsSchema, apiCreatePostSchema]),
      answer: { status: 201, data: "Post" },
      errors: ["time_in_past", "time_too_soon", ...LEAVING_DRAFT_CODES],
    },
  },
  "/api/posts/export.csv": {
    GET: {
      tag: "Posts",
      scope: "posts:read",
      summary: "The user's posts as a CSV download, newest first",
      description:
        "`status` is one of the posts list's filters (`pending` is scheduled and publishing); unlike the list, an unknown one is a 422. " +
        "Columns: `text` (the first account's parts, joined by a line holding only `---`), `channels` (the accounts, `|`-separated), " +
        "`scheduled_at`, `status`, `published_at`, `links` (the published parts' addresses, `|`-separated), `id`, `created_at`. " +
        "Times are ISO 8601 with the user's offset at that instant. A cell starting with `=`, `+`, `-`, `@`, a tab, a carriage return " +
        "or `'` starts with one more `'`. UTF-8 with a byte-order mark, CRLF line ends, quoted as RFC 4180 says; streamed.",
      query: exportQuerySchema,
      answer: {
        status: 200,
        file: { mediaType: "text/csv", description: "A header row, then one row per post (`Content-Disposition: attachment`)" },
      },
      errors: ["validation_failed"],
    },
  },
  "/api/posts/import": {
    POST: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Import posts from a CSV file: all of them, or none",
      description:
        `One CSV file in \`file\` (UTF-8, a byte-order mark allowed), at most ${MAX_IMPORT_BYTES / 2 ** 20} MB and ${MAX_IMPORT_ROWS} rows after the header ` +
        "(413 otherwise). Columns as the export's, in any order; `text` is required (parts split at lines holding only `---`), " +
        "`channels` (ids or handles, `|`-separated; empty: every active account), `scheduled_at` (ISO 8601 with an offset, " +
        "`YYYY-MM-DD HH:MM` in the user's zone, `draft`, or empty for the queue's next free slot). The export's other columns are read " +
        "as its `status` (draft or scheduled only) or ignored; an unknown column is refused. Every row is checked first: any fault is a 422 " +
        "`validation_failed` whose `rows` list every row at fault with its line, and nothing is made.",
      upload: z.object({}),
      uploadFile: { field: "file", description: `One CSV file, at most ${MAX_IMPORT_BYTES / 2 ** 20} MB` },
      answer: { status: 201, data: z.object({ created: z.number().int(), posts: z.array(postSchema) }) },
      errors: ["payload_too_large"],
    },
  },
  "/api/posts/{postId}": {
    GET: { tag: "Posts", scope: "posts:read", summary: "One of the user's posts", params: postParams, answer: { status: 200, data: "Post" } },
    PATCH: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Change a post's targets, or its platforms or texts",
      description:
        "`targets` replaces all the post's targets (never with the version 1 fields); else at least one of the version 1 fields. " +
        "A scheduled post's new content is checked as scheduling would. A part already published cannot change (409).",
      params: postParams,
      body: z.union([apiUpdatePostTargetsSchema, apiUpdatePostSchema]),
      answer: { status: 200, data: "Post" },
      errors: [...EDITABLE_CODES, ...SCHEDULING_CODES, ...TARGET_CODES],
    },
    DELETE: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Delete a post",
      description: "A published post may be deleted; one being published may not.",
      params: postParams,
      answer: { status: 204 },
      errors: ["post_publishing"],
    },
  },
  "/api/posts/{postId}/schedule": {
    POST: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Schedule, reschedule or retry a post",
      params: postParams,
      body: apiScheduleSchema,
      answer: { status: 200, data: "Post" },
      errors: [...EDITABLE_CODES, "time_in_past", "time_too_soon", ...LEAVING_DRAFT_CODES],
    },
  },
  "/api/posts/{postId}/queue": {
    POST: {
      tag: "Queue",
      scope: "posts:write",
      summary: "Schedule a post at the first free slot of its queue",
      description:
        "The first slot at least one minute ahead that applies to every channel the post targets (its own slot or an every-channel one) " +
        "and that no scheduled, publishing or published post holds on any of them, looking 53 weeks ahead. Checked as scheduling is. " +
        "No slot at all, or none free: 409 `queue_empty`.",
      params: postParams,
      answer: { status: 200, data: "Post" },
      errors: [...EDITABLE_CODES, "queue_empty", ...LEAVING_DRAFT_CODES],
    },
  },
  "/api/posts/{postId}/queue/top": {
    POST: {
      tag: "Queue",
      scope: "posts:write",
      summary: "Move a queued post to the top of its queue",
      description:
        "A queued post is a scheduled one at a slot time of every channel it targets, at least a minute ahead. It takes the earliest time " +
        "held by a queued post with exactly its channels, and each of those before it moves to the next of those times (the last to its " +
        "old time), deliveries with them. First already: nothing changes. Not queued: 409 `post_not_queued`.",
      params: postParams,
      answer: { status: 200, data: "Post" },
      errors: ["not_found", "post_published", "post_publishing", "post_not_queued"],
    },
  },
  "/api/posts/{postId}/publish": {
    POST: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Publish a post now (the publisher takes it next)",
      params: postParams,
      answer: { status: 200, data: "Post" },
      errors: [...EDITABLE_CODES, ...LEAVING_DRAFT_CODES],
    },
  },
  "/api/posts/{postId}/retry": {
    POST: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Try a failed post again, now",
      description:
        "Its failed targets and parts are due again at once; parts already published (or whose fate is unknown) are never sent again. " +
        "A post that did not fail is a 409 `post_not_failed`.",
      params: postParams,
      answer: { status: 200, data: "Post" },
      errors: ["post_not_failed", "post_publishing", ...LEAVING_DRAFT_CODES],
    },
  },
  "/api/posts/{postId}/metrics/refresh": {
    POST: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Fetch a post's metrics now",
      description:
        "The numbers of the post's published targets (and of each of their parts) fetched from the networks now, at most once every 5 minutes per post " +
        "(429 `metrics_refreshed_recently` with Retry-After). A network that fails keeps its last numbers; the target's `metricsError` says so. " +
        "They are also fetched on their own about 1 hour, 24 hours and 7 days after publishing.",
      params: postParams,
      answer: { status: 200, data: "Post" },
      errors: ["nothing_published", "metrics_refreshed_recently"],
    },
  },
  "/api/posts/{postId}/images": {
    POST: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Add an image to a post",
      description: `At most ${MAX_IMAGES_PER_POST} a post. A file is judged by its bytes (JPEG, PNG, GIF, WebP), not its name.`,
      params: postParams,
      upload: imageUploadFieldsSchema,
      answer: { status: 201, data: "Image" },
      errors: [...EDITABLE_CODES, "unsupported_image", "too_many_images", "image_dimensions_too_large", "image_too_large"],
    },
  },
  "/api/posts/{postId}/images/{imageId}": {
    DELETE: {
      tag: "Posts",
      scope: "posts:write",
      summary: "Remove an image from a post",
      params: postImageParams,
      answer: { status: 204 },
      errors: EDITABLE_CODES,
    },
  },
  "/api/ai/generate": {
    POST: {
      tag: "AI drafting",
      summary: "Draft a post's texts with the AI assistant",
      description:
        "Written in the request's language. Refused first when drafting is not configured (503) or not in the plan (402); " +
        "an invalid body is not counted against the hourly limit.",
      body: apiGenerateSchema,
      answer: { status: 200, data: draftSchema },
      errors: ["ai_unavailable", "ai_paid_plan_required", "rate_limited", "ai_failed", "ai_timeout"],
    },
  },
  "/api/stripe/checkout": {
    POST: {
      tag: "Billing",
      summary: "Start paying for Pro: the Stripe Checkout page to open",
      description:
        "The user's Stripe customer is created at the first checkout and reused. A waitlist address gets its lifetime discount, " +
        "anyone else may enter a promotion code; the rest of a running trial carries over. " +
        "A user whose Stripe subscription is live gets the billing portal instead.",
      body: checkoutSchema,
      answer: { status: 200, data: stripeUrlSchema },
      errors: ["checkout_failed", "billing_disabled"],
    },
  },
  "/api/stripe/portal": {
    POST: {
      tag: "Billing",
      summary: "The user's Stripe billing portal (card, invoices, cancelling)",
      description: "It comes back to /profile.",
      answer: { status: 200, data: stripeUrlSchema },
      errors: ["no_billing_account", "portal_failed", "billing_disabled"],
    },
  },
  "/api/admin/users": {
    GET: {
      tag: "Admin",
      summary: "Every account, searched by e-mail, sorted and paged (admins only)",
      description: "A value out of range (`pageSize` over 100, an unknown `sort`) is a 422, not a fallback.",
      query: adminUsersQuerySchema,
      queryNotes: {
        q: "Part of the e-mail address, any case.",
        sort: "`email`, `updated`, `created` or `posts`; a leading `-` sorts descending. Ties are in id order.",
      },
      answer: { status: 200, data: "AdminUser", list: "paged" },
      errors: ["forbidden", "validation_failed"],
    },
  },
  "/api/admin/users/{userId}": {
    PATCH: {
      tag: "Admin",
      summary: "Give or take another account's admin rights (admins only)",
      description:
        "Never one's own; an ADMIN_EMAILS address cannot be demoted, and only a verified address can be promoted. " +
        "The change applies to the account's next request.",
      params: userParams,
      body: setAdminBodySchema,
      answer: { status: 200, data: "AdminUser" },
      errors: ["forbidden", "own_role_unchangeable", "listed_admin", "account_unverified"],
    },
  },
  "/api/queue": {
    GET: { tag: "Queue", scope: "posts:read", summary: "The user's queue slots and the time zone they are in", answer: { status: 200, data: "Queue" } },
    PUT: {
      tag: "Queue",
      scope: "posts:write",
      summary: "Replace every queue slot",
      description:
        "At most 100 slots, no two alike; `channelId` is one of the user's channels, or null (or left out) for every channel. " +
        "A channel's slots go when it is disconnected.",
      body: apiQueueSchema,
      answer: { status: 200, data: "Queue" },
    },
  },
  "/api/queue/next": {
    GET: {
      tag: "Queue",
      scope: "posts:read",
      summary: "The next free slot times of a channel, ISO 8601 in UTC",
      description: "Fewer than `count` (or none) when the 53 weeks ahead hold no more. Another user's channel, or an unknown id, is a 404.",
      query: nextQueueQuerySchema,
      queryNotes: { channelId: "One of the user's channels.", count: "1 to 50; 10 when left out." },
      answer: { status: 200, data: z.iso.datetime(), list: "all" },
      errors: ["validation_failed", "not_found"],
    },
  },
  "/api/queue/shuffle": {
    POST: {
      tag: "Queue",
      scope: "posts:write",
      summary: "Shuffle the queue: re-deal the queued posts among the times they hold",
      description:
        "Posts with exactly the same channels trade times among themselves, at random; no post takes a time its channels did not already " +
        "hold, and none being published or published moves. `moved` counts the posts whose time changed (0: nothing to shuffle).",
      answer: { status: 200, data: z.object({ moved: z.number().int().min(0) }) },
      errors: ["post_publishing"],
    },
  },
  "/api/search": {
    GET: {
      tag: "Public",
      summary: "Search the docs, blog and pages (at most 42 results), and the signed-in user's own posts (at most 8)",
      description: "`posts` is there only for a signed-in session: its user's posts, never another's, most recently changed first.",
      public: true,
      query: searchQuerySchema,
      answer: {
        status: 200,
        raw: z.object({ data: z.array(searchResultSchema), posts: z.array(postSearchResultSchema).optional() }),
      },
    },
  },
  "/api/waitlist": {
    GET: { tag: "Public", summary: "How many people are on the waitlist", public: true, answer: { status: 200, data: waitlistCountSchema } },
    POST: {
      tag: "Public",
      summary: "Join the waitlist",
      description: "An address already listed is answered the same way. `website` is a trap for bots: leave it out.",
      public: true,
      body: waitlistSchema,
      answer: { status: 200, data: waitlistJoinedSchema },
      errors: ["rate_limited"],
    },
  },
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
        "`events`: one or more of `post.published`, `post.failed`, `channel.needs_reconnect`. At most 10 webhooks a user (409 `webhook_limit_reached`). " +
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
  "/api/openapi.json": {
    GET: {
      tag: "Reference",
      summary: "This document",
      public: true,
      answer: { status: 200, raw: z.looseObject({ openapi: z.string() }).describe("An OpenAPI 3.1 document") },
    },
  },
};

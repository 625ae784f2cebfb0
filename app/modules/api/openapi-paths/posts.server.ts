import { z } from "zod";
import type { ErrorCode } from "~/modules/errors/codes";
import { postImageParams, postParams } from "~/modules/http/params.server";
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
import { draftSchema, postSchema } from "~/modules/api/openapi-schemas";
import type { ApiPaths } from "~/modules/api/openapi-operation";

// Posts, the queue and AI drafting: their operations in the OpenAPI document (see openapi-operations.server.ts).

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

export const POST_PATHS: ApiPaths = {
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
};

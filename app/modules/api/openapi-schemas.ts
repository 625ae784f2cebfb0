import { z } from "zod";
import { WORKSPACE_ROLES } from "~/modules/workspaces/roles";
import type { WorkspaceView } from "~/modules/workspaces/workspaces.server";
import type { InvitationView } from "~/modules/workspace-members/invitations.server";
import type { MemberView } from "~/modules/workspace-members/members.server";
import { draftField, type Draft, type DraftField } from "~/modules/ai/ai.server";
import type { ChannelView } from "~/modules/channels/channels.server";
import type { ServiceEntry } from "~/modules/connections/connection.server";
import type { SearchResult } from "~/modules/content/search.server";
import { ERROR_STATUS } from "~/modules/errors/codes";
import { NETWORK_IDS, PLATFORMS, type NetworkId } from "~/core/platforms/platforms";
import type { PostSearchResult } from "~/modules/posts/post-search.server";
import type { PostView } from "~/modules/posts/post-view.server";
import type { QueueView } from "~/modules/queue/queue.server";
import type { UserProfile } from "~/modules/users/user.server";
import type { AdminUserView } from "~/modules/admin/users.server";
import type { ApiTokenView } from "~/modules/api-tokens/api-tokens.server";
import { API_SCOPES } from "~/modules/api-tokens/scopes";
import type { AttemptView } from "~/modules/webhooks/deliveries.server";
import type { WebhookView } from "~/modules/webhooks/webhooks.server";

// The shapes the JSON API answers with, for its OpenAPI document. The views build their answers
// by hand; the type checks at the end fail the typecheck when a view and its schema part ways.

const time = z.iso.datetime().describe("ISO 8601, UTC");
/** Version 1's pair (its `platforms` and text fields). */
const platform = z.enum(PLATFORMS);
/** Every network a channel, target or delivery can be of (decision 56). */
const network = z.enum(NETWORK_IDS);

export const imageSchema = z.object({
  id: z.string(),
  url: z.string().describe("/media/{id}"),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().describe("Bytes"),
  mimeType: z.string(),
  altText: z.string(),
});

export const deliverySchema = z.object({
  targetId: z.string().describe("The target (account) this delivery publishes; version 2"),
  platform: network,
  status: z.enum(["pending", "publishing", "published", "failed"]),
  attempts: z.number().int(),
  externalId: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  publishedAt: time.nullable(),
});

export const metricsSchema = z
  .object({
    likes: z.number().int().nullable(),
    reposts: z.number().int().nullable(),
    replies: z.number().int().nullable(),
    quotes: z.number().int().nullable(),
    impressions: z.number().int().nullable(),
    fetchedAt: time,
  })
  .describe("Each metric null where the network does not give it");

export const partSchema = z.object({
  position: z.number().int().describe("1 is the post; later parts reply to the previous one (a thread) or, on LinkedIn, are its first comment"),
  text: z.string(),
  images: z.array(imageSchema),
  status: z.enum(["pending", "published", "failed", "unknown"]).describe('"unknown": the network cannot tell whether it went out (check on the network)'),
  externalId: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  publishedAt: time.nullable(),
  metrics: metricsSchema.nullable().describe("This part's own numbers (a thread's reply, a first comment); null until first fetched"),
});

export const targetSchema = z.object({
  id: z.string(),
  channelId: z.string().nullable().describe("null once the channel was removed"),
  network,
  channel: z
    .object({
      id: z.string(),
      kind: z.string(),
      displayName: z.string(),
      handle: z.string().nullable(),
      avatarUrl: z
        .string()
        .nullable()
        .describe(
          "The app's copy of the account's picture, /channels/{id}/avatar?v=… (the owner's session; a new picture is a new v); null: none, show initials",
        ),
      status: z.string(),
      limits: z
        .record(z.string(), z.unknown())
        .nullable()
        .describe("What changes the network's limits for this channel, as the network stores it (a Mastodon instance's limits); null: the network's defaults"),
    })
    .nullable(),
  status: z.enum(["pending", "publishing", "published", "partial", "failed"]).describe('"partial": some parts went out, a later one failed for good'),
  attempts: z.number().int(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  url: z.string().nullable().describe("Part 1's address once published"),
  parts: z.array(partSchema),
  metrics: metricsSchema.nullable().describe("Its parts' numbers summed (null only where no part has it); fetchedAt the latest. null until first fetched"),
  metricsError: z
    .object({ code: z.string(), at: time })
    .nullable()
    .describe("The last fetch of its numbers failed (they are the last good ones): the network's error code and when; null once one succeeds"),
});

export const postSchema = z.object({
  id: z.string(),
  status: z.enum(["draft", "scheduled", "publishing", "published", "failed"]),
  linkedinText: z.string(),
  twitterText: z.string(),
  text: z.string().describe("What the post says, to name it: its LinkedIn text, else its X text, else part 1 of its first target"),
  platforms: z.array(platform),
  scheduledAt: time.nullable(),
  publishedAt: time.nullable(),
  createdAt: time,
  updatedAt: time,
  source: z.enum(["manual", "ai"]),
  aiPrompt: z.string().nullable(),
  aiEmojis: z.boolean(),
  aiHashtags: z.boolean(),
  composeStep: z.string().nullable().describe("The wizard step a post being composed is at"),
  images: z.array(imageSchema),
  deliveries: z.array(deliverySchema).describe("One per target once scheduled"),
  targets: z.array(targetSchema).describe("The channels the post goes to, each with its ordered parts"),
  error: z.object({ code: z.string().nullable(), message: z.string() }).nullable().describe("Why the post failed, else null"),
});

export const serviceSchema = z.object({
  serviceName: platform,
  connected: z.boolean(),
  connectedAt: time.nullable(),
  status: z.enum(["active", "needs_reconnect"]).nullable(),
  displayName: z.string().nullable(),
  handle: z.string().nullable(),
  userIdProvider: z.string().nullable().describe("The account's id at the provider"),
  expiresAt: time.nullable(),
  available: z.boolean().describe("Whether this server has the platform's app credentials"),
});

/** A LinkedIn page the member administers (GET /api/channels/linkedin/organizations, decision 58). */
export const organizationChoiceSchema = z.object({
  id: z.string().describe("The organization's URN, urn:li:organization:{id}"),
  name: z.string(),
  logoUrl: z.string().nullable().describe("LinkedIn's address of the logo (the app copies it when the page is added)"),
  added: z.boolean().describe("Already one of the user's channels"),
});

export const channelSchema = z.object({
  id: z.string(),
  network,
  kind: z.enum(["member", "organization", "account"]),
  displayName: z.string(),
  handle: z.string().nullable(),
  avatarUrl: z
    .string()
    .nullable()
    .describe("The app's copy of the account's picture, /channels/{id}/avatar?v=… (the owner's session; a new picture is a new v); null: none, show initials"),
  instance: z.string().nullable().describe("A Mastodon channel's instance; null elsewhere"),
  status: z.enum(["active", "needs_reconnect"]),
  connectedAt: time,
  limits: z
    .object({
      maxChars: z.number().int().describe("Per part"),
      counting: z.enum(["characters", "weighted", "graphemes"]).describe("How a part's length is counted (\"weighted\": X's counting)"),
      maxParts: z.number().int().describe("The most parts a post may have on this channel: a thread (X), or the post and its first comment (LinkedIn: 2)"),
      maxImagesPerPart: z.number().int(),
      maxImageBytes: z.number().int(),
    })
    .describe("What a post on this channel may hold, checked when scheduling"),
});

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().describe("The e-mail address"),
  role: z.enum(["admin", "user"]),
  isAdmin: z.boolean(),
  verified: z.boolean(),
  locale: z.string(),
  timezone: z.string().describe("IANA time zone name"),
  createdAt: time,
  updatedAt: time,
  services: z.array(serviceSchema).describe("One per platform"),
  subscription: z.object({
    plan: z.enum(["free", "basic", "pro", "enterprise"]),
    status: z.enum(["active", "inactive", "pending", "trialing", "canceled"]),
    trialEndsAt: time.nullable(),
    currentPeriodEnd: time.nullable().describe("The next billing date of a Stripe subscription"),
    cardConfigured: z.boolean().describe("Whether Stripe has a card for the subscription"),
  }),
});

const connectionState = z.enum(["none", "active", "needs_reconnect"]);

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["admin", "user"]),
  isAdmin: z.boolean(),
  adminSource: z.enum(["list", "promotion"]).nullable().describe("Why an admin is one: ADMIN_EMAILS, or promoted by an admin"),
  listed: z.boolean().describe("An ADMIN_EMAILS address: an admin once its owner has chosen a password from a mailed link"),
  promotedAt: time.nullable().describe("When a promoted admin was promoted; null otherwise, or for promotions made before they were recorded"),
  promotedBy: z
    .object({ id: z.string(), email: z.string(), isAdmin: z.boolean().describe("Whether the granting account is still an admin") })
    .nullable()
    .describe("Who promoted a promoted admin; null otherwise, or when not recorded or that account is gone"),
  verified: z.boolean(),
  plan: z.enum(["free", "basic", "pro", "enterprise"]),
  postCount: z.number().int(),
  connections: z
    .object(Object.fromEntries(NETWORK_IDS.map((id) => [id, connectionState])) as Record<NetworkId, typeof connectionState>)
    .describe("One entry per network: whether the user has a working channel of it, only ones needing reconnection, or none"),
  createdAt: time,
  updatedAt: time,
});

export const searchResultSchema = z.object({
  path: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(["docs", "blog", "page"]),
});

export const postSearchResultSchema = z.object({
  id: z.string(),
  status: z.string().describe("draft, scheduled, publishing, published or failed"),
  excerpt: z.string().describe("About 120 characters of the post's text, around the first match"),
  scheduledAt: time.nullable(),
  publishedAt: time.nullable(),
  createdAt: time,
});

/** One text per network: the version 1 pair's fields, then `<network>Text` for the others (blueskyText…). */
export const draftSchema = z.object(
  Object.fromEntries(NETWORK_IDS.map((network) => [draftField(network), z.string().describe('"" for a network not chosen')])) as Record<
    DraftField,
    z.ZodString
  >,
);

export const connectUrlSchema = z.object({ url: z.string().describe("The provider's consent page to open") });
export const stripeUrlSchema = z.object({ url: z.string().describe("The Stripe page to send the user to") });
export const waitlistCountSchema = z.object({ count: z.number().int() });
export const waitlistJoinedSchema = z.object({ joined: z.literal(true), count: z.number().int() });
export const listMetaSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

/** Answered by the web server itself, before the app, so it is not one of the app's codes. */
export const queueSlotSchema = z.object({
  id: z.string(),
  channelId: z.string().nullable().describe("The channel it is for; null: every channel"),
  weekday: z.number().int().min(1).max(7).describe("1 = Monday .. 7 = Sunday"),
  time: z.string().describe("HH:MM on the user's clock"),
});

export const queueSchema = z.object({
  timezone: z.string().describe("The user's IANA time zone, which the slots' times are in"),
  slots: z.array(queueSlotSchema).describe("By weekday, then time"),
});

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)).describe("What the token may do (docs/decisions/0075)"),
  prefix: z.string().describe("The token's first 12 characters (`plm_` and 8 more), to tell tokens apart"),
  createdAt: time,
  expiresAt: time.nullable().describe("null: never expires"),
  lastUsedAt: time.nullable().describe("Refreshed at most once a minute; null: never used"),
});

export const newApiTokenSchema = apiTokenSchema.extend({
  token: z.string().describe("The secret: `plm_` and 43 characters. Answered this once; only its SHA-256 is kept"),
});

export const workspaceSchema = z.object({
  id: z.string().describe("Send it as the `Plume-Workspace` header to act in this workspace"),
  name: z.string().describe("Empty for the personal workspace"),
  role: z.enum(WORKSPACE_ROLES).describe("The caller's role in it"),
  personal: z.boolean().describe("The caller's own workspace, made with the account; never deleted"),
  approvalRequired: z.boolean().describe("Posts need an editor's approval before they are scheduled or published"),
  memberCount: z.number().int(),
});

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string().describe("The address's local part: an account has no name of its own"),
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: time,
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().describe("The address invited: only an account with it, verified, can accept"),
  role: z.enum(WORKSPACE_ROLES),
  expiresAt: time.describe("7 days after it was sent"),
  createdAt: time,
});

export const CROSS_SITE_CODE = "cross_site_request";

export const errorSchema = z.object({
  error: z.object({
    code: z.enum([...(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]), CROSS_SITE_CODE]).describe("Stable, for programs"),
    message: z.string().describe("For people, in the request's language"),
    fields: z.record(z.string(), z.string()).optional().describe("The fields at fault and their messages"),
    rows: z
      .array(z.object({ line: z.number().int().describe("The file's line (the header is line 1)"), message: z.string() }))
      .optional()
      .describe("An uploaded file's rows at fault, every one, by line"),
  }),
});

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()).describe("Of post.published, post.failed, channel.needs_reconnect"),
  createdAt: time,
  lastStatus: z.enum(["delivered", "failed"]).nullable().describe("The last attempt's result; null: nothing sent yet"),
});

export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().describe("whsec_…: signs every request (Plume-Signature). Shown in this answer only."),
});

export const webhookAttemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  eventId: z.string().describe("evt_…: the same on every retry; receivers deduplicate by it"),
  type: z.string().describe("post.published, post.failed, channel.needs_reconnect or ping"),
  status: z.enum(["delivered", "failed"]),
  responseStatus: z.number().int().nullable().describe("The receiver's HTTP status; null: no answer (timeout, refused address, network error)"),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  at: time,
});

/** The shared shapes, as components of the document (their names are the keys). */
export const componentSchemas = {
  Post: postSchema,
  Image: imageSchema,
  Delivery: deliverySchema,
  User: userSchema,
  AdminUser: adminUserSchema,
  Service: serviceSchema,
  Channel: channelSchema,
  Webhook: webhookSchema,
  WebhookAttempt: webhookAttemptSchema,
  Queue: queueSchema,
  SearchResult: searchResultSchema,
  PostSearchResult: postSearchResultSchema,
  ListMeta: listMetaSchema,
  ApiToken: apiTokenSchema,
  Workspace: workspaceSchema,
  Member: memberSchema,
  Invitation: invitationSchema,
  Error: errorSchema,
};

// Each view's own type and its schema must accept each other: a field added, removed or retyped on
// one side only fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ViewsMatchTheirSchemas = [
  Holds<Same<PostView, z.output<typeof postSchema>>>,
  Holds<Same<UserProfile, z.output<typeof userSchema>>>,
  Holds<Same<ServiceEntry, z.output<typeof serviceSchema>>>,
  Holds<Same<ChannelView, z.output<typeof channelSchema>>>,
  Holds<Same<WebhookView, z.output<typeof webhookSchema>>>,
  Holds<Same<WorkspaceView, z.output<typeof workspaceSchema>>>,
  Holds<Same<MemberView, z.output<typeof memberSchema>>>,
  Holds<Same<InvitationView, z.output<typeof invitationSchema>>>,
  Holds<Same<AttemptView, z.output<typeof webhookAttemptSchema>>>,
  Holds<Same<AdminUserView, z.output<typeof adminUserSchema>>>,
  Holds<Same<SearchResult, z.output<typeof searchResultSchema>>>,
  Holds<Same<PostSearchResult, z.output<typeof postSearchResultSchema>>>,
  Holds<Same<Draft, z.output<typeof draftSchema>>>,
  Holds<Same<QueueView, z.output<typeof queueSchema>>>,
  Holds<Same<ApiTokenView, z.output<typeof apiTokenSchema>>>,
];

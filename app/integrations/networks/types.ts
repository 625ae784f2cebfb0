import type { NetworkId } from "~/core/platforms/platforms";

export type { NetworkId };

// The one interface every network implements (docs/decisions/0048-network-interface.md). Nothing
// outside a network's folder names a network: the app asks the registry for a network by id and
// uses only what is declared here. Split in two: the rules (client-safe: the composer's live
// counters run them in the browser) and the server part (OAuth, publishing, metrics, errors).

/** How a network counts a text's length. */
export type TextCounting = "characters" | "weighted" | "graphemes";

export interface NetworkLimits {
  /** The longest text of one part, in the network's own counting. */
  maxChars: number;
  counting: TextCounting;
  /** Parts per target, the first included (X: 25 tweets; LinkedIn: the post and one first comment). */
  maxParts: number;
  /** Images on part 1; later parts follow `laterParts`. */
  maxImagesPerPart: number;
  maxImageBytes: number;
}

/** What a network takes of an image beyond its bytes (decision 20); absent: no limit of that kind. */
export interface ImageRules {
  /** The longest side, in pixels. */
  maxSide?: number;
  /** Width × height. */
  maxPixels?: number;
  /** Whether WebP is taken as it is; if not, the app sends a PNG of it. */
  takesWebp: boolean;
}

/** What a later part (position ≥ 2) is: a reply in a thread, or a comment under the post. */
export type ThreadKind = "thread" | "comment";

/** What the parts after the first may hold. */
export interface LaterPartRules {
  kind: ThreadKind;
  maxChars: number;
  maxImages: number;
}

export interface TextCheck {
  length: number;
  max: number;
  fits: boolean;
}

export interface PartDraft {
  text: string;
  imageCount: number;
}

/** Stable codes: the UI translates them, the API returns them as they are. */
export type PartProblem =
  /** `index` is 0-based. */
  | { index: number; code: "empty_part" }
  | { index: number; code: "too_long"; length: number; max: number }
  | { index: number; code: "too_many_images"; count: number; max: number }
  | { index: number; code: "images_not_allowed"; count: number }
  | { index: number; code: "too_many_parts"; count: number; max: number };

/**
 * What changes a network's rules for one channel, as plain JSON the composer receives (Mastodon: its
 * instance's limits). Read back by the network's own `forChannel`, which takes nothing on trust.
 */
export type ChannelLimits = { [key: string]: unknown };

/**
 * The client-safe half: no node imports anywhere under it. `Id`: a network not yet in the
 * registries names its own id.
 */
export interface NetworkRules<Id extends string = NetworkId> {
  id: Id;
  /** The network's proper name, the same in every language ("LinkedIn", "X (Twitter)"). */
  label: string;
  /** How messages name it before an account ("X @ada", "The X text is too long"). */
  shortLabel: string;
  /** Put before a stored handle when it is shown ("@" for X usernames; "" where the handle is an e-mail). */
  handlePrefix: string;
  /** How the UI names parts after the first (a thread, or a first comment). */
  threadKind: ThreadKind;
  limits: NetworkLimits;
  /** Pixel limits and formats of images. */
  images: ImageRules;
  laterParts: LaterPartRules;
  countText(text: string): number;
  checkText(text: string): TextCheck;
  validateParts(parts: readonly PartDraft[]): PartProblem[];
  /** Cuts a text over the limit to fit, ending it with "…" (AI drafts a model wrote too long). */
  truncate(text: string): string;
  /**
   * What an AI model is told to write for this network, in English (prompt text, not UI): the kind
   * of post, its limit as the network counts it, its style. Follows "<field>: " in the prompt.
   */
  aiGuidance: string;
  /** Cuts a long text into parts that each fit; only where later parts are a thread. */
  splitAtLimit?(text: string, options?: { numbered?: boolean }): string[];
  /**
   * How the user reaches another account of the network from the app: "login", the network only
   * shows its sign-in screen when asked (connecting another account or reconnecting one forces it,
   * and the UI says to sign in as the right member); "network", its consent page lets the user
   * switch accounts on its own.
   */
  switchAccount: "login" | "network";
  /**
   * Ask the user to reconnect a channel this many days after connecting it (its access token ends
   * and most apps get no refresh token); absent where tokens are refreshed.
   */
  reconnectAfterDays?: number;
  /**
   * These rules for one channel whose limits differ from the network's defaults (Mastodon: each
   * instance sets its own): built from the channel's stored `ChannelLimits`, client and server alike.
   * Absent: every channel of the network has the same rules.
   */
  forChannel?(limits: ChannelLimits): NetworkRules<Id>;
}

// ---- Server half -------------------------------------------------------------------------

export interface NetworkTokens {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken?: string;
  /** Seconds; absent when the network does not say. */
  refreshTokenExpiresIn?: number;
  scope: string;
}

export interface NetworkAccount {
  providerUserId: string;
  displayName: string;
  /**
   * What tells the owner's accounts apart, stored as the channel's handle: the username where the
   * network has one (X, shown with `handlePrefix`), else the member's e-mail (LinkedIn), or null.
   */
  handle: string | null;
  avatarUrl: string | null;
  /** A person's account, or an organization's page/account. */
  kind: "member" | "account" | "page";
}

export interface AuthorizeRequest {
  redirectUri: string;
  state: string;
  /** PKCE challenge (S256), for networks with `oauth.pkce`. */
  codeChallenge?: string;
  /** Force the network's sign-in screen (switching accounts). */
  forceLogin?: boolean;
}

export interface OAuthDescriptor {
  /** Whether the server has this network's client id and secret. */
  configured(): boolean;
  /** The app must send a PKCE challenge and keep the verifier for the exchange. */
  pkce: boolean;
  /** Refresh tokens are single-use: two processes must never refresh one channel at once. */
  rotatingRefresh: boolean;
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(request: { code: string; redirectUri: string; codeVerifier?: string }): Promise<NetworkTokens>;
  /** Where the network gives refresh tokens (LinkedIn: approved partners only). */
  refresh(refreshToken: string): Promise<NetworkTokens>;
  whoami(accessToken: string): Promise<NetworkAccount>;
  /** Best effort on disconnect; absent where the network has no revocation endpoint. */
  revoke?(token: string, tokenTypeHint?: "access_token" | "refresh_token"): Promise<void>;
}

/** Who publishes: the channel's token and identity. */
export interface PublishContext {
  accessToken: string;
  /**
   * A new access token, refreshed now by whoever holds the channel's tokens (refreshes stay
   * serialized there). For networks whose expired token is not a 401 (Bluesky: 400 ExpiredToken):
   * they call it once and retry the call. Absent: the error is thrown as it is.
   */
  refreshAccessToken?: () => Promise<string>;
  providerUserId: string;
  /** The @username where there is one (X URLs need it). */
  handle: string | null;
  /**
   * The channel's kind (NetworkAccount.kind): a page publishes as its organization (LinkedIn, whose
   * page channels' providerUserId is the organization's URN). Absent: the network's usual account.
   */
  kind?: NetworkAccount["kind"];
}

export interface PartImage {
  bytes: Uint8Array;
  mimeType: string;
  width: number;
  height: number;
  altText: string;
}

export interface PartToSend {
  text: string;
  images: PartImage[];
  /** 1-based. */
  position: number;
  /** The external id of the previous part (X) or of the post (LinkedIn comment); null for part 1. */
  parent: string | null;
  /**
   * The part's send key (Network.newSendKey), stored by the caller before the create request went
   * out: the network creates the part under it, and looks it up by it after an uncertain attempt.
   * Absent for networks without send keys.
   */
  sendKey?: string | null;
}

/**
 * How a caller follows a part's sending: `beforeUpload` runs before each image upload (the caller
 * keeps its lease, or throws to stop), `beforeCreate` right before the request that creates the
 * part (the caller records that it is about to go out, or throws to stop: nothing is sent).
 */
export interface PublishOptions {
  afterUncertain?: { sentAt: Date };
  beforeUpload?: () => Promise<void>;
  beforeCreate?: () => Promise<void>;
}

export interface Published {
  externalId: string;
  url: string;
}

/**
 * What a look for an uncertain part found:
 * - found: it was published, here it is (never send it again);
 * - absent: it was not, sending it is safe;
 * - unknown: nothing can tell (e.g. a LinkedIn member's comment): never resend blindly, ask the user
 *   to look at `checkUrl`.
 */
export type Reconciliation = ({ outcome: "found" } & Published) | { outcome: "absent" } | { outcome: "unknown"; checkUrl: string | null };

export interface Metrics {
  /** null: the network does not give it to this app (never 0 for "unknown"). */
  likes: number | null;
  reposts: number | null;
  replies: number | null;
  quotes: number | null;
  impressions: number | null;
}

export interface ErrorClass {
  /**
   * retryable: try again later (at `retryAt` if given); needs_reconnect: the channel's token is dead;
   * permanent: the network refused this content for good; uncertain: it may have been published,
   * reconcile before any resend.
   */
  kind: "retryable" | "needs_reconnect" | "permanent" | "uncertain";
  /** Stable code ("duplicate", "reply_not_allowed", "usage_capped", "rate_limited"…). */
  code: string;
  retryAt?: Date;
}

/**
 * Pages a connected member administers, each added as its own channel (kind "page") that publishes
 * with the member's token (LinkedIn's Community Management API). docs/decisions/0058.
 */
export interface PagesDescriptor {
  /** Whether this server's app may ask for the page scopes at all (the operator says it has them). */
  enabled(): boolean;
  /** Whether a token's granted scopes (as the token answer gave them) let it manage pages. */
  granted(scope: string): boolean;
  /** The pages the token's member administers now (kind "page"; providerUserId, name, handle, avatar). */
  administered(accessToken: string): Promise<NetworkAccount[]>;
}

/**
 * Connecting without OAuth: the user gives an identifier and an app password made for Plume on the
 * network (Bluesky). The session's tokens are then stored and refreshed like OAuth tokens.
 */
export interface AppPasswordDescriptor {
  /** Where the user creates an app password (never asked for the main password). */
  helpUrl: string;
  /** Signs in; `service`: the user's server when they name one (else found from the identifier). */
  createSession(request: { identifier: string; appPassword: string; service?: string }): Promise<NetworkTokens & { account: NetworkAccount }>;
  refresh(refreshToken: string): Promise<NetworkTokens>;
  whoami(accessToken: string): Promise<NetworkAccount>;
}

/** An app registered on one instance (its client id and secret): kept per instance by the caller. */
export interface InstanceApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scopes: string;
}

/**
 * Connecting where every server is its own provider (Mastodon): the user names an instance; Plume
 * registers itself there once (`registerApp`, kept per instance by the caller), then runs OAuth
 * against that instance with that app. The instance is part of the account's providerUserId.
 */
export interface InstanceConnectDescriptor<Id extends string = NetworkId> {
  /** The instance's origin from what the user typed, or why it is refused (stable codes). */
  normaliseInstance(input: string): { ok: true; origin: string } | { ok: false; problem: "invalid" | "not_https" | "has_path" | "private_address" };
  registerApp(instance: string, request: { redirectUri: string }): Promise<InstanceApp>;
  /** OAuth on one instance with its app: configured() true, refresh throws where tokens never expire. */
  oauth(instance: string, app: InstanceApp): OAuthDescriptor;
  /** false: tokens have no expiry and no refresh (NetworkTokens.expiresIn is then meaningless); a 401 means revoked. */
  tokensExpire: boolean;
  /** This network with the instance's own limits (read from the instance, cached a while). */
  networkFor(instance: string): Promise<Network<Id>>;
  /** The instance's limits as a channel stores them (`ChannelLimits`, read by the rules' `forChannel`). */
  channelLimits(instance: string): Promise<ChannelLimits>;
  /** Whether the instance still knows this app (false: it answered invalid_client; register again). */
  appIsKnown(instance: string, app: InstanceApp): Promise<boolean>;
}

export interface Network<Id extends string = NetworkId> extends NetworkRules<Id> {
  /** Networks connected with an app password (`appPassword`) answer configured() false here. */
  oauth: OAuthDescriptor;
  /** How to connect with an app password, where the network connects that way (Bluesky). */
  appPassword?: AppPasswordDescriptor;
  /** How to connect by instance, where each server is its own provider (Mastodon). */
  instances?: InstanceConnectDescriptor<Id>;
  /** Pages a member administers, added as channels of their own, where the network has them (LinkedIn). */
  pages?: PagesDescriptor;
  /**
   * A new send key for a part: the caller stores it with the part's sentAt before the create
   * request goes out and passes it as PartToSend.sendKey, on every attempt of that part. For
   * networks where the client names what it creates (Bluesky's record key): the part is then looked
   * up by that key after a crash, never guessed. Absent: no send keys (X, LinkedIn).
   */
  newSendKey?(): string;
  /**
   * How the network settles an uncertain part: "lookup" means call reconcilePart before resending;
   * "resend" means publishPart itself recognizes an earlier success (LinkedIn's DUPLICATE_POST
   * names it), so resending the identical part is the reconciliation (reconcilePart does it);
   * "unknowable" means nothing can tell (reconcilePart answers "unknown" without any call).
   */
  reconciliation(position: number, ctx?: Pick<PublishContext, "kind">): "lookup" | "resend" | "unknowable";
  /**
   * Sends one part (uploading its images first). `afterUncertain`: an earlier attempt of this part
   * may have gone through; where the network can tell from its answer (a duplicate refusal), the
   * earlier part is returned instead of an error.
   */
  publishPart(ctx: PublishContext, part: PartToSend, options?: PublishOptions): Promise<Published>;
  reconcilePart(ctx: PublishContext, part: PartToSend, attempt: { sentAt: Date; parent: string | null }): Promise<Reconciliation>;
  /** Keyed by external id; an id the network no longer knows (deleted) is left out. */
  fetchMetrics(ctx: PublishContext, externalIds: readonly string[]): Promise<Map<string, Metrics>>;
  /** Any error thrown by this network's calls; `step` "post" when the failed call creates a part. */
  classifyError(error: unknown, step?: "post" | "prepare"): ErrorClass;
}

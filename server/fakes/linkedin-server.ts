// A stand-in for LinkedIn (docs/providers.md, "LinkedIn"): OAuth consent page and token endpoint,
// userinfo, image upload, posts and their first comments, over real HTTP so the real client code
// runs against it.
// Behaves like LinkedIn where it matters for "never post twice": a duplicate post within 24 h is a
// 422 DUPLICATE_POST naming the first one, and unescaped "little text" characters cut the post.
import {
  avatarReply,
  basePathOf,
  consentPages,
  json,
  oauthError,
  randomId,
  startFakeServer,
  type AvatarMode,
  type FakeControls,
  type FakeServer,
  type FakeStartOptions,
  type PendingConsent,
  type RecordedRequest,
  type Reply,
  type RequestPayload,
} from "./fake-kit";
import { accountLine, escapeHtml, shownItem } from "./network-pages";

// The shared plumbing lives in fake-kit.ts; tests import these from here, as before it moved.
export { followConsent, matches } from "./fake-kit";
export type { FaultOptions, RecordedRequest, RequestMatcher } from "./fake-kit";

export interface LinkedInFakeUser {
  sub: string;
  name: string;
  givenName: string;
  familyName: string;
  picture: string;
  email: string;
  emailVerified: boolean;
  locale: { country: string; language: string };
}

export interface LinkedInFakeToken {
  accessToken: string;
  sub: string;
  expiresAt: number;
  revoked: boolean;
  scope: string;
  refreshToken?: string;
}

/** A company page (Community Management API, /work/shared/NETWORKS.md section 2 "Pages"). */
export interface LinkedInFakeOrganization {
  /** Numeric id; its URN is urn:li:organization:{id}. */
  id: string;
  urn: string;
  localizedName: string;
  vanityName: string;
  /** The logo's address (served by the fake, like the members' pictures). */
  logoUrl: string;
}

/** A member's role on a page (organizationAcls). */
export interface LinkedInFakeAcl {
  sub: string;
  organization: string;
  role: "ADMINISTRATOR" | "CONTENT_ADMINISTRATOR" | "ANALYST";
  state: "APPROVED" | "REQUESTED" | "REJECTED" | "REVOKED";
}

/** What the fake gives for a page's post: likes (socialActions) and share statistics. */
export interface LinkedInFakePostStatistics {
  likes: number;
  impressionCount: number;
  uniqueImpressionsCount: number;
  clickCount: number;
  shareCount: number;
}

export interface LinkedInFakeImage {
  urn: string;
  ownerSub: string;
  /** urn:li:person:{sub} or urn:li:organization:{id}: whose post may use it. */
  ownerUrn: string;
  uploadId: string;
  bytes?: Buffer;
  contentType?: string;
}

export interface LinkedInFakePost {
  urn: string;
  author: string;
  /** As received (escaped little text). */
  commentary: string;
  /** As LinkedIn would show it: unescaped, cut at the first unescaped reserved character. */
  text: string;
  imageUrns: string[];
  body: any;
  createdAt: Date;
  /** The feed activity behind the share: what comments name as their object. */
  activityUrn: string;
}

export interface LinkedInFakeComment {
  id: string;
  /** urn:li:comment:(urn:li:activity:N,ID) */
  urn: string;
  /** The post's URN as the request named it. */
  postUrn: string;
  actor: string;
  text: string;
  body: any;
  createdAt: Date;
}

interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  sub: string;
  scope: string;
  expiresAt: number;
}

export interface LinkedInFakeState {
  clientId: string;
  clientSecret: string;
  users: Map<string, LinkedInFakeUser>;
  tokens: Map<string, LinkedInFakeToken>;
  refreshTokens: Map<string, { sub: string; scope: string; expiresAt: number }>;
  codes: Map<string, AuthorizationCode>;
  images: Map<string, LinkedInFakeImage>;
  posts: LinkedInFakePost[];
  comments: LinkedInFakeComment[];
  /** For this long after a post is created, commenting on it answers 404 (LinkedIn lags). */
  commentNotReadyMs: number;
  requests: RecordedRequest[];
  /** The member who "is signed in" on the consent page (default: the first user created). */
  signedInSub: string | null;
  /** Approved-partner behaviour: the token endpoint also gives a refresh token. */
  issueRefreshTokens: boolean;
  /** LinkedIn-Version values that answer 426 NONEXISTENT_VERSION. */
  retiredVersions: Set<string>;
  /** What the members' picture URLs answer (see AvatarMode; "png" by default). */
  avatarMode: AvatarMode;
  /**
   * The app has the Community Management API product: only then are the organization scopes
   * granted when asked (an ordinary app's consent gives the member scopes only).
   */
  communityManagement: boolean;
  organizations: Map<string, LinkedInFakeOrganization>;
  acls: LinkedInFakeAcl[];
  /** By post URN; a page's post without an entry has zeroes. */
  postStatistics: Map<string, LinkedInFakePostStatistics>;
}

export interface LinkedInFake extends FakeControls {
  url: string;
  /** The request handler, for mounting the fake inside another server (the demo's). */
  handle: FakeServer["handle"];
  oauthUrl: string;
  apiUrl: string;
  state: LinkedInFakeState;
  createUser(profile?: Partial<LinkedInFakeUser>): LinkedInFakeUser;
  signIn(sub: string): void;
  issueToken(userSub: string, options?: { expiresIn?: number; refreshToken?: boolean; scope?: string }): string;
  revoke(accessToken: string): void;
  expireToken(accessToken: string): void;
  /** Posts stored with this visible text (all posts when omitted). */
  countPosts(text?: string): number;
  /** The next `times` comment creations answer 429 "Comment create throttled". */
  throttleComments(times?: number): void;
  /** A company page, with a logo served by the fake. */
  createOrganization(profile?: Partial<Pick<LinkedInFakeOrganization, "localizedName" | "vanityName">>): LinkedInFakeOrganization;
  /** Gives a member a role on a page (ADMINISTRATOR, APPROVED by default). */
  grantRole(sub: string, organizationUrn: string, role?: LinkedInFakeAcl["role"], state?: LinkedInFakeAcl["state"]): void;
  /** Takes every role of a member on a page away. */
  revokeRoles(sub: string, organizationUrn: string): void;
  setPostStatistics(urn: string, statistics: Partial<LinkedInFakePostStatistics>): void;
}

const TOKEN_LIFETIME = 5_184_000;
/** The scopes every app with "Sign In with LinkedIn" and "Share on LinkedIn" may be granted. */
const MEMBER_SCOPES = new Set(["openid", "profile", "email", "w_member_social"]);
/** The Community Management API's (vetted apps only). */
const ORGANIZATION_SCOPES = new Set(["w_organization_social", "r_organization_social", "rw_organization_admin", "r_organization_admin"]);
const ORGANIZATION_PREFIX = "urn:li:organization:";
const REFRESH_LIFETIME = 31_536_000;
const DAY_MS = 86_400_000;
const RESERVED = new Set([..."\\|{}@[]()<>#*_~"]);

const apiError = (status: number, message: string, extra: Record<string, unknown> = {}) => json(status, { message, ...extra, status });
const invalidToken = () => apiError(401, "Invalid access token", { serviceErrorCode: 65600 });
const LINKEDIN_LOOK = { name: "LinkedIn", accent: "#0a66c2" };

function defaultFaultBody(status: number): unknown {
  if (status === 401) return { message: "Invalid access token", serviceErrorCode: 65600, status };
  if (status === 429) return { message: "Resource level throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached.", status };
  if (status >= 500) return { message: "Internal Server Error", status };
  return { message: `Injected error ${status}`, status };
}

/** LinkedIn "little text" as shown: escapes removed, cut at the first unescaped reserved character. */
export function littleTextToPlain(commentary: string): string {
  let text = "";
  for (let i = 0; i < commentary.length; i++) {
    const char = commentary[i]!;
    if (char === "\\" && RESERVED.has(commentary[i + 1] ?? "")) {
      text += commentary[i + 1];
      i++;
    } else if (RESERVED.has(char)) {
      break;
    } else {
      text += char;
    }
  }
  return text;
}

function isImage(bytes: Buffer): boolean {
  const hex = bytes.subarray(0, 4).toString("hex");
  return hex.startsWith("ffd8ff") || hex === "89504e47" || bytes.subarray(0, 4).toString("latin1") === "GIF8";
}

export interface LinkedInFakeStartOptions extends FakeStartOptions {
  /** Lifetime of the access tokens LinkedIn issues (`expires_in`); LinkedIn's is 60 days. */
  accessTokenSeconds?: number;
}

export async function startLinkedInFake({
  port: wantedPort = 0,
  latencyMs = 0,
  clientId = "linkedin-test-client",
  clientSecret = "linkedin-test-secret",
  accessTokenSeconds = TOKEN_LIFETIME,
  mountAt,
}: LinkedInFakeStartOptions = {}): Promise<LinkedInFake> {
  const state: LinkedInFakeState = {
    clientId,
    clientSecret,
    users: new Map(),
    tokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    images: new Map(),
    posts: [],
    comments: [],
    commentNotReadyMs: 0,
    requests: [],
    signedInSub: null,
    issueRefreshTokens: false,
    retiredVersions: new Set(),
    avatarMode: "png",
    communityManagement: false,
    organizations: new Map(),
    acls: [],
    postStatistics: new Map(),
  };
  const consent = consentPages<PendingConsent>({
    title: mountAt ? "LinkedIn (demo)" : "LinkedIn (fake)",
    decidePath: `${basePathOf(mountAt)}/oauth/v2/authorization/decide`,
    look: LINKEDIN_LOOK,
    demo: Boolean(mountAt),
  });
  let counter = 0;
  let baseUrl = "";

  function createUser(profile: Partial<LinkedInFakeUser> = {}): LinkedInFakeUser {
    counter++;
    const givenName = profile.givenName ?? "Member";
    const familyName = profile.familyName ?? String(counter);
    const user: LinkedInFakeUser = {
      sub: `m${counter}${randomId(6)}`,
      name: `${givenName} ${familyName}`,
      givenName,
      familyName,
      picture: `${baseUrl}/media/profile-${counter}.png`,
      email: `member${counter}@example.com`,
      emailVerified: true,
      locale: { country: "US", language: "en" },
      ...profile,
    };
    state.users.set(user.sub, user);
    state.signedInSub ??= user.sub;
    return user;
  }

  function issueToken(sub: string, { expiresIn = accessTokenSeconds, refreshToken = false, scope = "email,openid,profile,w_member_social" } = {}): string {
    const accessToken = `AQ${randomId(40)}`;
    const token: LinkedInFakeToken = { accessToken, sub, expiresAt: Date.now() + expiresIn * 1000, revoked: false, scope };
    if (refreshToken) {
      token.refreshToken = `AQR${randomId(40)}`;
      state.refreshTokens.set(token.refreshToken, { sub, scope, expiresAt: Date.now() + REFRESH_LIFETIME * 1000 });
    }
    state.tokens.set(accessToken, token);
    return accessToken;
  }

  function tokenAnswer(accessToken: string): Reply {
    const token = state.tokens.get(accessToken)!;
    const user = state.users.get(token.sub);
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: "https://www.linkedin.com/oauth",
      aud: state.clientId,
      iat: now,
      exp: now + 3600,
      sub: token.sub,
      name: user?.name,
      email: user?.email,
    };
    const idToken = [{ alg: "RS256", typ: "JWT" }, claims].map((part) => Buffer.from(JSON.stringify(part)).toString("base64url")).join(".") + ".fake-signature";
    const refresh = token.refreshToken ? state.refreshTokens.get(token.refreshToken) : undefined;
    return json(200, {
      access_token: accessToken,
      expires_in: Math.round((token.expiresAt - Date.now()) / 1000),
      scope: token.scope,
      token_type: "Bearer",
      id_token: idToken,
      ...(token.refreshToken && refresh
        ? { refresh_token: token.refreshToken, refresh_token_expires_in: Math.round((refresh.expiresAt - Date.now()) / 1000) }
        : {}),
    });
  }

  /** The member behind a Bearer token, or the 401 LinkedIn answers. */
  function member(request: RecordedRequest): LinkedInFakeUser | Reply {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? state.tokens.get(header.slice(7)) : undefined;
    if (!token || token.revoked || token.expiresAt <= Date.now()) return invalidToken();
    return state.users.get(token.sub) ?? invalidToken();
  }

  /** The scopes of the request's (valid) token. */
  function scopesOf(request: RecordedRequest): Set<string> {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? state.tokens.get(header.slice(7)) : undefined;
    return new Set((token?.scope ?? "").split(/[\s,]+/).filter(Boolean));
  }

  const isAdministrator = (sub: string, organization: string) =>
    state.acls.some((acl) => acl.sub === sub && acl.organization === organization && acl.role === "ADMINISTRATOR" && acl.state === "APPROVED");

  /**
   * Acting as `urn` (a post's author, an image's owner, a comment's actor): the member themself with
   * w_member_social, or a page they administer with `scope` (403 otherwise, as LinkedIn answers a
   * missing scope or role).
   */
  function mayActAs(request: RecordedRequest, user: LinkedInFakeUser, urn: unknown, scope = "w_organization_social"): Reply | null {
    const scopes = scopesOf(request);
    if (urn === `urn:li:person:${user.sub}`) {
      return scopes.has("w_member_social") ? null : apiError(403, "Not enough permissions to access: w_member_social", { serviceErrorCode: 100 });
    }
    if (typeof urn === "string" && urn.startsWith(ORGANIZATION_PREFIX)) {
      if (!scopes.has(scope)) return apiError(403, `Not enough permissions to access: ${scope}`, { serviceErrorCode: 100 });
      if (!isAdministrator(user.sub, urn)) return apiError(403, `Member is not an ADMINISTRATOR of ${urn}`, { serviceErrorCode: 100 });
      return null;
    }
    return apiError(403, "Not enough permissions to act as this entity", { serviceErrorCode: 100 });
  }

  function restHeadersProblem(request: RecordedRequest): Reply | null {
    const version = request.headers["linkedin-version"];
    if (typeof version !== "string" || !version) {
      return apiError(400, "A version must be present. Please specify a version by adding the LinkedIn-Version header.", { code: "VERSION_MISSING" });
    }
    if (!/^\d{6}$/.test(version) || state.retiredVersions.has(version)) {
      return apiError(426, `Requested version ${version} is not active`, { code: "NONEXISTENT_VERSION" });
    }
    if (request.headers["x-restli-protocol-version"] !== "2.0.0") {
      return apiError(400, "X-Restli-Protocol-Version 2.0.0 is required", { code: "PROTOCOL_VERSION_MISSING" });
    }
    return null;
  }

  function authorizePage(request: RecordedRequest): Reply {
    const q = request.query;
    const invalid = consent.invalid(q, state.clientId);
    if (invalid) return invalid;
    const txn = consent.open({ clientId: q.client_id!, redirectUri: q.redirect_uri!, state: q.state ?? "", scope: q.scope ?? "" });
    const sub = state.signedInSub ?? createUser().sub;
    const user = state.users.get(sub);
    const scopes = (q.scope ?? "").split(/[ ,]+/).filter(Boolean);
    return consent.ask(
      txn,
      `<h1>Allow access to your LinkedIn account?</h1><p class="muted">Signed in as</p>${accountLine(user?.name ?? sub, user?.email ?? "", user?.picture ?? "")}` +
        `<p>The app asks for:</p><ul>${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join("")}</ul>`,
    );
  }

  function decide(request: RecordedRequest): Reply {
    return consent.decide(request, (pending, allowed): Record<string, string> => {
      if (!allowed) return { error: "user_cancelled_authorize", error_description: "The user cancelled the authorization" };
      const sub = state.signedInSub ?? createUser().sub;
      const code = `AQT${randomId(30)}`;
      state.codes.set(code, { clientId: pending.clientId, redirectUri: pending.redirectUri, sub, scope: pending.scope, expiresAt: Date.now() + 30 * 60_000 });
      return { code };
    });
  }

  function accessToken(request: RecordedRequest): Reply {
    const form = (request.body ?? {}) as Record<string, string>;
    if (form.client_id !== state.clientId || form.client_secret !== state.clientSecret) {
      return oauthError(401, "invalid_client", "Client authentication failed");
    }
    if (form.grant_type === "authorization_code") {
      if (!form.code) return oauthError(400, "invalid_request", 'A required parameter "code" is missing');
      if (!form.redirect_uri) return oauthError(400, "invalid_request", 'A required parameter "redirect_uri" is missing');
      const code = state.codes.get(form.code);
      if (!code || code.expiresAt <= Date.now() || code.redirectUri !== form.redirect_uri || code.clientId !== form.client_id) {
        return oauthError(
          400,
          "invalid_request",
          "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists",
        );
      }
      state.codes.delete(form.code); // single-use
      // Granted: what the app may have of what it asked. An app without the Community Management
      // product is not given the organization scopes, whatever it asks.
      const scope = code.scope
        .split(/[\s,]+/)
        .filter((name) => MEMBER_SCOPES.has(name) || (state.communityManagement && ORGANIZATION_SCOPES.has(name)))
        .sort()
        .join(",");
      return tokenAnswer(issueToken(code.sub, { refreshToken: state.issueRefreshTokens, scope }));
    }
    if (form.grant_type === "refresh_token") {
      const refresh = state.refreshTokens.get(form.refresh_token ?? "");
      if (!refresh || refresh.expiresAt <= Date.now()) {
        return oauthError(400, "invalid_request", "The provided authorization grant or refresh token is invalid, expired or revoked.");
      }
      // Not rotated: the same refresh token comes back with its remaining lifetime.
      const next = issueToken(refresh.sub, { scope: refresh.scope });
      state.tokens.get(next)!.refreshToken = form.refresh_token;
      return tokenAnswer(next);
    }
    return oauthError(400, "unsupported_grant_type", "Unsupported grant type");
  }

  function userinfo(request: RecordedRequest): Reply {
    const user = member(request);
    if ("status" in user) return user;
    return json(200, {
      sub: user.sub,
      name: user.name,
      given_name: user.givenName,
      family_name: user.familyName,
      picture: user.picture,
      email: user.email,
      email_verified: user.emailVerified,
      locale: user.locale,
    });
  }

  function initializeUpload(request: RecordedRequest): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    if (request.query.action !== "initializeUpload") return apiError(400, "Unsupported action");
    const owner = request.body?.initializeUploadRequest?.owner;
    if (typeof owner !== "string") return apiError(422, "ERROR :: /initializeUploadRequest/owner :: field is required but not found and has no default value");
    if (owner !== `urn:li:person:${user.sub}` && !owner.startsWith(ORGANIZATION_PREFIX)) {
      return apiError(403, "Not enough permissions to access: owner", { serviceErrorCode: 100 });
    }
    const refused = mayActAs(request, user, owner);
    if (refused) return refused;
    counter++;
    const uploadId = randomId(12);
    const urn = `urn:li:image:D4E10AQ${counter}${randomId(6)}`;
    state.images.set(urn, { urn, ownerSub: user.sub, ownerUrn: owner, uploadId });
    return json(200, { value: { uploadUrl: `${baseUrl}/dms-uploads/${uploadId}?ut=${randomId(6)}`, uploadUrlExpiresAt: Date.now() + 3_600_000, image: urn } });
  }

  function upload(request: RecordedRequest, raw: Buffer): Reply {
    const user = member(request);
    if ("status" in user) return user;
    const uploadId = request.path.slice("/dms-uploads/".length);
    const image = [...state.images.values()].find((i) => i.uploadId === uploadId);
    if (!image) return apiError(404, "Upload not found");
    if (image.ownerSub !== user.sub) return apiError(403, "Not the owner of this upload");
    if (!isImage(raw)) return apiError(400, "Unsupported image format: JPG, PNG or GIF expected");
    image.bytes = raw;
    image.contentType = String(request.headers["content-type"] ?? "");
    return { status: 201 };
  }

  function createPost(request: RecordedRequest): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    if (!request.body || typeof request.body !== "object") return apiError(400, "Request body must be JSON");
    const refused = mayActAs(request, user, request.body.author);
    if (refused) return refused;
    const author = String(request.body.author);
    const checked = checkPostBody(request.body, author, state.images);
    if ("status" in checked) return checked;
    const text = littleTextToPlain(request.body.commentary);
    if ([...text].length > 3000) return apiError(422, "ERROR :: /commentary :: length of commentary exceeds 3000");
    const earlier = text ? state.posts.find((p) => p.author === author && p.text === text && Date.now() - p.createdAt.getTime() < DAY_MS) : undefined;
    if (earlier) return apiError(422, `Content is a duplicate of ${earlier.urn}`, { code: "DUPLICATE_POST" });
    const urn = `urn:li:share:${7_300_000_000_000_000_000n + BigInt(state.posts.length + 1)}`;
    const activityUrn = `urn:li:activity:${7_310_000_000_000_000_000n + BigInt(state.posts.length + 1)}`;
    const createdAt = new Date();
    state.posts.push({ urn, author, commentary: request.body.commentary, text, imageUrns: checked.imageUrns, body: request.body, createdAt, activityUrn });
    return { status: 201, headers: { "x-restli-id": urn } };
  }

  /** POST /rest/socialActions/{encoded post URN}/comments: the author's comment on a post. */
  function createComment(request: RecordedRequest, target: string): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    const post = state.posts.find((p) => p.urn === target || p.activityUrn === target);
    if (!post || Date.now() - post.createdAt.getTime() < state.commentNotReadyMs) {
      return apiError(404, `Entity with key ${target} not found`, { serviceErrorCode: 0 });
    }
    const body = request.body;
    if (!body || typeof body !== "object") return apiError(400, "Request body must be JSON");
    if (typeof body.actor !== "string") return apiError(422, "ERROR :: /actor :: field is required but not found and has no default value");
    if (body.object !== target) return apiError(400, `The object ${String(body.object)} does not match the path's ${target}`);
    if (typeof body.message?.text !== "string" || !body.message.text) return apiError(422, "ERROR :: /message/text :: field is required");
    // A member token comments as that member, or as a page they administer (w_organization_social);
    // here only as the post's author (first comment).
    const refused = mayActAs(request, user, body.actor);
    if (refused) return refused;
    if (body.actor !== post.author) return apiError(403, "Not enough permissions to comment as this actor", { serviceErrorCode: 100 });
    counter++;
    const id = String(7_320_000_000_000_000_000n + BigInt(counter));
    const urn = `urn:li:comment:(${post.activityUrn},${id})`;
    const createdAt = new Date();
    state.comments.push({ id, urn, postUrn: target, actor: body.actor, text: body.message.text, body, createdAt });
    const answer = {
      id,
      commentUrn: urn,
      object: post.activityUrn,
      actor: body.actor,
      message: { text: body.message.text },
      created: { actor: body.actor, time: createdAt.getTime() },
    };
    return json(201, answer, { "x-restli-id": id });
  }

  /**
   * A member app cannot read comments (r_member_social is for select developers only); a page's
   * post's comments are read with r_organization_social by its administrators.
   */
  function listComments(request: RecordedRequest, target: string): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    const post = state.posts.find((p) => p.urn === target || p.activityUrn === target);
    const denied = () => apiError(403, "Not enough permissions to access: socialActions.comments.GET.20240101", { serviceErrorCode: 100 });
    if (!post?.author.startsWith(ORGANIZATION_PREFIX)) return post || !scopesOf(request).has("r_organization_social") ? denied() : notFound(target);
    if (mayActAs(request, user, post.author, "r_organization_social")) return denied();
    const elements = state.comments
      .filter((c) => c.postUrn === post.urn || c.postUrn === post.activityUrn)
      .map((c) => ({
        id: c.id,
        commentUrn: c.urn,
        $URN: c.urn,
        actor: c.actor,
        object: post.activityUrn,
        message: { text: c.text },
        created: { actor: c.actor, time: c.createdAt.getTime() },
      }));
    return json(200, { elements, paging: { start: 0, count: 10, total: elements.length, links: [] } });
  }

  const notFound = (key: string) => apiError(404, `Entity with key ${key} not found`, { serviceErrorCode: 0 });
  const needsScope = (scope: string) => apiError(403, `Not enough permissions to access: ${scope}`, { serviceErrorCode: 100 });

  /** GET /rest/organizationAcls?q=roleAssignee: the member's roles, filtered, paged (start, count). */
  function organizationAcls(request: RecordedRequest): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    const scopes = scopesOf(request);
    if (!scopes.has("rw_organization_admin") && !scopes.has("r_organization_admin")) return needsScope("rw_organization_admin");
    const q = request.query;
    if (q.q !== "roleAssignee") return apiError(400, "Unsupported finder: q must be roleAssignee");
    const start = Number(q.start ?? 0);
    const count = Math.min(Number(q.count ?? 10), 100);
    const all = state.acls.filter((acl) => acl.sub === user.sub && (!q.role || acl.role === q.role) && (!q.state || acl.state === q.state));
    const elements = all
      .slice(start, start + count)
      .map((acl) => ({ roleAssignee: `urn:li:person:${acl.sub}`, role: acl.role, state: acl.state, organization: acl.organization }));
    return json(200, { elements, paging: { start, count, total: all.length, links: [] } });
  }

  /** GET /rest/organizations/{id}: name, vanity name, logo (its addresses with the playableStreams projection). */
  function organization(request: RecordedRequest, id: string): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    const scopes = scopesOf(request);
    if (!scopes.has("rw_organization_admin") && !scopes.has("r_organization_admin")) return needsScope("rw_organization_admin");
    const org = state.organizations.get(id);
    if (!org) return notFound(id);
    const asset = `urn:li:digitalmediaAsset:C4D0BAQ${org.id}`;
    const decorated = (request.query.projection ?? "").includes("original~:playableStreams");
    return json(200, {
      id: Number(org.id),
      localizedName: org.localizedName,
      vanityName: org.vanityName,
      logoV2: decorated
        ? {
            original: asset,
            "original~": {
              elements: [100, 400].map((size) => ({
                artifact: `urn:li:digitalmediaMediaArtifact:(${asset},urn:li:digitalmediaMediaArtifactClass:company-logo_${size}_${size})`,
                identifiers: [{ identifier: `${org.logoUrl}?size=${size}`, identifierType: "EXTERNAL_URL" }],
              })),
            },
          }
        : { original: asset, cropped: asset },
    });
  }

  /** GET /rest/posts?q=author (X-RestLi-Method: FINDER): a page's latest posts, for its administrators. */
  function findPosts(request: RecordedRequest): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    if (String(request.headers["x-restli-method"] ?? "").toUpperCase() !== "FINDER") {
      return apiError(400, "Invalid method: a finder needs the X-RestLi-Method: FINDER header");
    }
    const q = request.query;
    if (q.q !== "author" || !q.author) return apiError(400, "Unsupported finder: q must be author, with author");
    // Listing a member's posts needs r_member_social (select developers only).
    if (!q.author.startsWith(ORGANIZATION_PREFIX)) return needsScope("r_member_social");
    const refused = mayActAs(request, user, q.author, "r_organization_social");
    if (refused) return refused;
    const count = Math.min(Number(q.count ?? 10), 100);
    const elements = state.posts
      .filter((p) => p.author === q.author)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, count)
      .map((p) => ({
        id: p.urn,
        author: p.author,
        commentary: p.commentary,
        visibility: p.body.visibility,
        lifecycleState: "PUBLISHED",
        distribution: p.body.distribution,
        ...(p.body.content ? { content: p.body.content } : {}),
        createdAt: p.createdAt.getTime(),
        publishedAt: p.createdAt.getTime(),
        lastModifiedAt: p.createdAt.getTime(),
      }));
    return json(200, { elements, paging: { start: 0, count, links: [] } });
  }

  /** GET /rest/socialActions/{urn}: likes and comments of a page's post (r_organization_social). */
  function socialActions(request: RecordedRequest, target: string): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    const post = state.posts.find((p) => p.urn === target || p.activityUrn === target);
    if (!post) return scopesOf(request).has("r_organization_social") ? notFound(target) : needsScope("r_organization_social");
    if (!post.author.startsWith(ORGANIZATION_PREFIX)) return needsScope("r_member_social");
    const refused = mayActAs(request, user, post.author, "r_organization_social");
    if (refused) return refused;
    const likes = state.postStatistics.get(post.urn)?.likes ?? 0;
    const comments = state.comments.filter((c) => c.postUrn === post.urn || c.postUrn === post.activityUrn).length;
    return json(200, {
      target: post.urn,
      likesSummary: { totalLikes: likes, aggregatedTotalLikes: likes, likedByCurrentUser: false },
      commentsSummary: { totalFirstLevelComments: comments, aggregatedTotalComments: comments },
    });
  }

  /** Rest.li's List(a,b) as the query parser decoded it. */
  const restliList = (value: string | undefined) => {
    const match = /^List\((.*)\)$/.exec(value ?? "");
    return match ? match[1]!.split(",").filter(Boolean).map(decodeURIComponent) : null;
  };

  /** GET /rest/organizationalEntityShareStatistics: a page's posts' lifetime statistics (rw_organization_admin, ADMINISTRATOR). */
  function shareStatistics(request: RecordedRequest): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    const q = request.query;
    if (q.q !== "organizationalEntity" || !q.organizationalEntity) return apiError(400, "Unsupported finder: q must be organizationalEntity");
    const refused = mayActAs(request, user, q.organizationalEntity, "rw_organization_admin");
    if (refused) return refused;
    const shares = q.shares === undefined ? [] : restliList(q.shares);
    const ugcPosts = q.ugcPosts === undefined ? [] : restliList(q.ugcPosts);
    if (!shares || !ugcPosts) return apiError(400, "shares and ugcPosts must be Rest.li lists: List(urn,...)");
    const element = (key: "share" | "ugcPost", urn: string) => {
      const post = state.posts.find((p) => p.urn === urn && p.author === q.organizationalEntity);
      if (!post) return [];
      const stats = state.postStatistics.get(urn);
      const comments = state.comments.filter((c) => c.postUrn === urn || c.postUrn === post.activityUrn).length;
      const totals = {
        impressionCount: stats?.impressionCount ?? 0,
        uniqueImpressionsCount: stats?.uniqueImpressionsCount ?? 0,
        clickCount: stats?.clickCount ?? 0,
        likeCount: stats?.likes ?? 0,
        commentCount: comments,
        shareCount: stats?.shareCount ?? 0,
      };
      const engagement = totals.impressionCount ? (totals.clickCount + totals.likeCount + totals.commentCount + totals.shareCount) / totals.impressionCount : 0;
      return [{ organizationalEntity: q.organizationalEntity, [key]: urn, totalShareStatistics: { ...totals, engagement } }];
    };
    const elements = [...shares.flatMap((urn) => element("share", urn)), ...ugcPosts.flatMap((urn) => element("ugcPost", urn))];
    return json(200, { elements, paging: { start: 0, count: 10, links: [] } });
  }

  /** The post's page at the address the app links to (linkedin.com/feed/update/{urn}/): the post and its comments. */
  function postPage(urn: string): Reply {
    const post = state.posts.find((p) => p.urn === urn || p.activityUrn === urn);
    if (!post) return consent.page(404, "<h1>This post cannot be displayed</h1><p>It may have been deleted.</p>");
    const who = (author: string) => {
      const user = [...state.users.values()].find((u) => `urn:li:person:${u.sub}` === author);
      const organization = [...state.organizations.values()].find((o) => o.urn === author);
      return user
        ? { author: user.name, handle: user.email, picture: user.picture }
        : { author: organization?.localizedName ?? author, handle: "Company page", picture: organization?.logoUrl ?? "" };
    };
    const comments = state.comments.filter((c) => c.postUrn === post.urn || c.postUrn === post.activityUrn);
    const commentsHtml = comments.length
      ? `<div class="label">Comments</div>${comments.map((c) => shownItem({ ...who(c.actor), text: c.text, at: c.createdAt }, "comment")).join("")}`
      : "";
    return consent.page(200, `${shownItem({ ...who(post.author), text: post.text, at: post.createdAt })}${commentsHtml}`);
  }

  function route(request: RecordedRequest, { raw }: RequestPayload): Reply | Promise<Reply> {
    const { method, path } = request;
    const feed = /^\/feed\/update\/([^/]+)\/?$/.exec(path);
    if (feed && method === "GET") return postPage(decodeURIComponent(feed[1]!));
    if (method === "GET" && path === "/oauth/v2/authorization") return authorizePage(request);
    if (method === "GET" && path === "/oauth/v2/authorization/decide") return decide(request);
    if (method === "POST" && path === "/oauth/v2/accessToken") return accessToken(request);
    if (method === "GET" && path === "/v2/userinfo") return userinfo(request);
    // The members' pictures (media.licdn.com at LinkedIn): public, no token.
    if (method === "GET" && path.startsWith("/media/profile-")) return avatarReply(state.avatarMode, path);
    if (method === "POST" && path === "/rest/images") return initializeUpload(request);
    if (method === "PUT" && path.startsWith("/dms-uploads/")) return upload(request, raw);
    if (method === "GET" && path.startsWith("/media/logo-")) return avatarReply("png", path);
    if (method === "POST" && path === "/rest/posts") return createPost(request);
    if (method === "GET" && path === "/rest/posts") return findPosts(request);
    const comments = /^\/rest\/socialActions\/([^/]+)\/comments$/.exec(path);
    if (comments) {
      const target = decodeURIComponent(comments[1]!);
      if (method === "POST") return createComment(request, target);
      if (method === "GET") return listComments(request, target);
    }
    const actions = /^\/rest\/socialActions\/([^/]+)$/.exec(path);
    if (actions && method === "GET") return socialActions(request, decodeURIComponent(actions[1]!));
    if (method === "GET" && path === "/rest/organizationAcls") return organizationAcls(request);
    const org = /^\/rest\/organizations\/([^/]+)$/.exec(path);
    if (org && method === "GET") return organization(request, decodeURIComponent(org[1]!));
    if (method === "GET" && path === "/rest/organizationalEntityShareStatistics") return shareStatistics(request);
    return apiError(404, `No route ${method} ${path}`);
  }

  const server = await startFakeServer({
    mountAt,
    port: wantedPort,
    latencyMs,
    jsonType: "application/json",
    record: (request) => state.requests.push(request),
    route,
    faultBody: defaultFaultBody,
    errorReply: (message) => apiError(500, message),
  });
  baseUrl = server.url;

  return {
    ...server,
    oauthUrl: `${baseUrl}/oauth/v2`,
    apiUrl: baseUrl,
    state,
    createUser,
    signIn(sub) {
      state.signedInSub = sub;
    },
    issueToken: (sub, options) => issueToken(sub, options),
    revoke(token) {
      const record = state.tokens.get(token);
      if (record) record.revoked = true;
    },
    expireToken(token) {
      const record = state.tokens.get(token);
      if (record) record.expiresAt = Date.now() - 1000;
    },
    throttleComments(times = 1) {
      server.failNext((r) => r.method === "POST" && /^\/rest\/socialActions\/[^/]+\/comments$/.test(r.path), {
        status: 429,
        body: { message: "Comment create throttled", status: 429 },
        times,
      });
    },
    createOrganization(profile = {}) {
      counter++;
      const id = String(10_000 + counter);
      const localizedName = profile.localizedName ?? `Company ${counter}`;
      const organization: LinkedInFakeOrganization = {
        id,
        urn: `${ORGANIZATION_PREFIX}${id}`,
        localizedName,
        vanityName: profile.vanityName ?? localizedName.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        logoUrl: `${baseUrl}/media/logo-${id}.png`,
      };
      state.organizations.set(id, organization);
      return organization;
    },
    grantRole(sub, organization, role = "ADMINISTRATOR", aclState = "APPROVED") {
      state.acls.push({ sub, organization, role, state: aclState });
    },
    revokeRoles(sub, organization) {
      state.acls = state.acls.filter((acl) => !(acl.sub === sub && acl.organization === organization));
    },
    setPostStatistics(urn, statistics) {
      const now = state.postStatistics.get(urn) ?? { likes: 0, impressionCount: 0, uniqueImpressionsCount: 0, clickCount: 0, shareCount: 0 };
      state.postStatistics.set(urn, { ...now, ...statistics });
    },
    countPosts: (text) => (text === undefined ? state.posts.length : state.posts.filter((p) => p.text === text).length),
  };
}

const POST_FIELDS = new Set(["author", "commentary", "visibility", "distribution", "lifecycleState", "isReshareDisabledByAuthor", "content"]);

/** The body shape of docs/providers.md; answers 422 like Rest.li's schema validation. */
function checkPostBody(body: any, author: string, images: Map<string, LinkedInFakeImage>): Reply | { imageUrns: string[] } {
  const invalid = (path: string, reason: string) => apiError(422, `ERROR :: ${path} :: ${reason}`, { serviceErrorCode: 100 });
  if (!body || typeof body !== "object") return apiError(400, "Request body must be JSON");
  const unknown = Object.keys(body).find((key) => !POST_FIELDS.has(key));
  if (unknown) return invalid(`/${unknown}`, "unrecognized field found but not allowed");
  if (typeof body.commentary !== "string") return invalid("/commentary", "field is required");
  if (!["PUBLIC", "CONNECTIONS", "LOGGED_IN"].includes(body.visibility)) return invalid("/visibility", "is not a valid visibility");
  const d = body.distribution;
  if (!d || d.feedDistribution !== "MAIN_FEED" || !Array.isArray(d.targetEntities) || !Array.isArray(d.thirdPartyDistributionChannels)) {
    return invalid("/distribution", "feedDistribution MAIN_FEED, targetEntities [] and thirdPartyDistributionChannels [] are required");
  }
  if (body.lifecycleState !== "PUBLISHED") return invalid("/lifecycleState", "must be PUBLISHED");
  if (typeof body.isReshareDisabledByAuthor !== "boolean") return invalid("/isReshareDisabledByAuthor", "must be a boolean");
  let refs: unknown[] = [];
  if (body.content !== undefined) {
    const keys = Object.keys(body.content ?? {});
    if (keys.length !== 1) return invalid("/content", "exactly one of media or multiImage is required");
    if (keys[0] === "media") refs = [body.content.media];
    else if (keys[0] === "multiImage") {
      refs = Array.isArray(body.content.multiImage?.images) ? body.content.multiImage.images : [];
      if (refs.length < 2 || refs.length > 20) return invalid("/content/multiImage/images", "between 2 and 20 images are required");
    } else return invalid(`/content/${keys[0]}`, "unsupported content type");
  }
  const imageUrns: string[] = [];
  for (const ref of refs as Array<{ id?: unknown; altText?: unknown }>) {
    const image = typeof ref?.id === "string" ? images.get(ref.id) : undefined;
    if (!image || image.ownerUrn !== author || !image.bytes) return invalid("/content", `image ${String(ref?.id)} not found or not uploaded by the author`);
    if (ref.altText !== undefined && typeof ref.altText !== "string") return invalid("/content", "altText must be a string");
    imageUrns.push(image.urn);
  }
  return { imageUrns };
}

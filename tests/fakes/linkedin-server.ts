// A stand-in for LinkedIn (docs/providers.md, "LinkedIn"): OAuth consent page and token endpoint,
// userinfo, image upload, posts and their first comments, over real HTTP so the real client code
// runs against it.
// Behaves like LinkedIn where it matters for "never post twice": a duplicate post within 24 h is a
// 422 DUPLICATE_POST naming the first one, and unescaped "little text" characters cut the post.
import {
  avatarReply,
  consentPages,
  json,
  oauthError,
  randomId,
  startFakeServer,
  type AvatarMode,
  type FakeControls,
  type FakeStartOptions,
  type PendingConsent,
  type RecordedRequest,
  type Reply,
  type RequestPayload,
} from "./fake-kit";

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

export interface LinkedInFakeImage {
  urn: string;
  ownerSub: string;
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
}

export interface LinkedInFake extends FakeControls {
  url: string;
  oauthUrl: string;
  apiUrl: string;
  state: LinkedInFakeState;
  createUser(profile?: Partial<LinkedInFakeUser>): LinkedInFakeUser;
  signIn(sub: string): void;
  issueToken(userSub: string, options?: { expiresIn?: number; refreshToken?: boolean }): string;
  revoke(accessToken: string): void;
  expireToken(accessToken: string): void;
  /** Posts stored with this visible text (all posts when omitted). */
  countPosts(text?: string): number;
  /** The next `times` comment creations answer 429 "Comment create throttled". */
  throttleComments(times?: number): void;
}

const TOKEN_LIFETIME = 5_184_000;
const REFRESH_LIFETIME = 31_536_000;
const DAY_MS = 86_400_000;
const RESERVED = new Set([..."\\|{}@[]()<>#*_~"]);

const apiError = (status: number, message: string, extra: Record<string, unknown> = {}) => json(status, { message, ...extra, status });
const invalidToken = () => apiError(401, "Invalid access token", { serviceErrorCode: 65600 });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  };
  const consent = consentPages<PendingConsent>({ title: "LinkedIn (fake)", decidePath: "/oauth/v2/authorization/decide" });
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
    const name = state.users.get(sub)?.name ?? sub;
    return consent.ask(
      txn,
      `<h1>Allow access to your LinkedIn account?</h1><p>Signed in as ${escapeHtml(name)}</p><p>Scopes: ${escapeHtml(q.scope ?? "")}</p>`,
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
      const scope = code.scope
        .split(/[\s,]+/)
        .filter(Boolean)
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
    if (owner !== `urn:li:person:${user.sub}`) return apiError(403, "Not enough permissions to access: owner", { serviceErrorCode: 100 });
    counter++;
    const uploadId = randomId(12);
    const urn = `urn:li:image:D4E10AQ${counter}${randomId(6)}`;
    state.images.set(urn, { urn, ownerSub: user.sub, uploadId });
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
    const checked = checkPostBody(request.body, user.sub, state.images);
    if ("status" in checked) return checked;
    const text = littleTextToPlain(request.body.commentary);
    if ([...text].length > 3000) return apiError(422, "ERROR :: /commentary :: length of commentary exceeds 3000");
    const author = `urn:li:person:${user.sub}`;
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
    // A member token comments only as that member, here only as the post's author (first comment).
    if (body.actor !== `urn:li:person:${user.sub}` || body.actor !== post.author) {
      return apiError(403, "Not enough permissions to comment as this actor", { serviceErrorCode: 100 });
    }
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

  /** A member app cannot read comments (r_member_social is for select developers only). */
  function listComments(request: RecordedRequest): Reply {
    const problem = restHeadersProblem(request);
    if (problem) return problem;
    const user = member(request);
    if ("status" in user) return user;
    return apiError(403, "Not enough permissions to access: socialActions.comments.GET.20240101", { serviceErrorCode: 100 });
  }

  function route(request: RecordedRequest, { raw }: RequestPayload): Reply | Promise<Reply> {
    const { method, path } = request;
    if (method === "GET" && path === "/oauth/v2/authorization") return authorizePage(request);
    if (method === "GET" && path === "/oauth/v2/authorization/decide") return decide(request);
    if (method === "POST" && path === "/oauth/v2/accessToken") return accessToken(request);
    if (method === "GET" && path === "/v2/userinfo") return userinfo(request);
    // The members' pictures (media.licdn.com at LinkedIn): public, no token.
    if (method === "GET" && path.startsWith("/media/profile-")) return avatarReply(state.avatarMode, path);
    if (method === "POST" && path === "/rest/images") return initializeUpload(request);
    if (method === "PUT" && path.startsWith("/dms-uploads/")) return upload(request, raw);
    if (method === "POST" && path === "/rest/posts") return createPost(request);
    const comments = /^\/rest\/socialActions\/([^/]+)\/comments$/.exec(path);
    if (comments) {
      const target = decodeURIComponent(comments[1]!);
      if (method === "POST") return createComment(request, target);
      if (method === "GET") return listComments(request);
    }
    return apiError(404, `No route ${method} ${path}`);
  }

  const server = await startFakeServer({
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
    countPosts: (text) => (text === undefined ? state.posts.length : state.posts.filter((p) => p.text === text).length),
  };
}

const POST_FIELDS = new Set(["author", "commentary", "visibility", "distribution", "lifecycleState", "isReshareDisabledByAuthor", "content"]);

/** The body shape of docs/providers.md; answers 422 like Rest.li's schema validation. */
function checkPostBody(body: any, sub: string, images: Map<string, LinkedInFakeImage>): Reply | { imageUrns: string[] } {
  const invalid = (path: string, reason: string) => apiError(422, `ERROR :: ${path} :: ${reason}`, { serviceErrorCode: 100 });
  if (!body || typeof body !== "object") return apiError(400, "Request body must be JSON");
  const unknown = Object.keys(body).find((key) => !POST_FIELDS.has(key));
  if (unknown) return invalid(`/${unknown}`, "unrecognized field found but not allowed");
  if (body.author !== `urn:li:person:${sub}`) {
    return apiError(403, "Not enough permissions to post as this author", { serviceErrorCode: 100 });
  }
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
    if (!image || image.ownerSub !== sub || !image.bytes) return invalid("/content", `image ${String(ref?.id)} not found or not uploaded by the author`);
    if (ref.altText !== undefined && typeof ref.altText !== "string") return invalid("/content", "altText must be a string");
    imageUrns.push(image.urn);
  }
  return { imageUrns };
}

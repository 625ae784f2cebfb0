import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { clearSessionCookie, getSessionState, type AuthUser } from "~/modules/auth/session.server";
import { isDatabaseBusy } from "~/modules/db/busy";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { getRequestT } from "~/modules/i18n/i18n.server";
import type { TranslationKey } from "~/modules/i18n/keys";
import { isTranslationKey } from "~/modules/i18n/resources";
import { logger } from "~/core/logger/logger.server";
import { getEnv } from "~/core/env/env.server";
import { authenticateApiToken, type TokenCaller } from "~/modules/api-tokens/api-tokens.server";
import type { ApiScope } from "~/modules/api-tokens/scopes";
import { hit, rateLimitedError } from "~/modules/rate-limit/rate-limit.server";
import type { CurrentWorkspace } from "~/modules/workspaces/current";
import { membershipOf } from "~/modules/workspaces/membership.server";
import { actorOf, type Actor } from "~/modules/workspaces/owner";

// The JSON API's one answer shape (docs/api.md): {data} on success, {error: {code, message, fields?, rows?}}
// on failure, messages in the request's language.

export function apiData(data: unknown, init: ResponseInit & { meta?: unknown } = {}): Response {
  const { meta, ...rest } = init;
  return Response.json(meta === undefined ? { data } : { data, meta }, rest);
}

export function apiNoContent(): Response {
  return new Response(null, { status: 204 });
}

/** An AppError as the API's error body, its messages in `t`'s language (also the MCP tools' errors). */
export function apiErrorBody(t: TFunction, error: AppError) {
  const { values, fields, rows } = error.options;
  const translatedFields = fields ? Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, t(key, values)])) : undefined;
  const translatedRows = rows?.map((row) => ({ line: row.line, message: t(row.messageKey, row.values) }));
  return {
    error: {
      code: error.code,
      message: t(error.messageKey, values),
      ...(translatedFields ? { fields: translatedFields } : {}),
      ...(translatedRows ? { rows: translatedRows } : {}),
    },
  };
}

export async function apiErrorResponse(request: Request, error: AppError, headers?: HeadersInit): Promise<Response> {
  const { t } = await getRequestT(request);
  const responseHeaders = new Headers(headers);
  const { retryAfterSeconds } = error.options;
  if (retryAfterSeconds) responseHeaders.set("Retry-After", String(retryAfterSeconds));
  return Response.json(apiErrorBody(t, error), { status: error.status, headers: responseHeaders });
}

export interface ApiSession {
  user: AuthUser;
  sessionId: string;
  /** The `Plume-Workspace` header's workspace, else the one chosen in the app, else the personal one. */
  workspace: CurrentWorkspace;
  /** The user in that workspace, as the modules take them. */
  actor: Actor;
}

/** Who calls: a signed-in browser (its session) or a script (a personal access token, in its own workspace). */
export type ApiCaller =
  | { user: AuthUser; sessionId: string; tokenId?: undefined; workspace: CurrentWorkspace; actor: Actor }
  | { user: AuthUser; sessionId?: undefined; tokenId: string; workspace: CurrentWorkspace; actor: Actor };

/** A session's API caller in the workspace its request names. */
async function sessionCaller(request: Request, state: { user: AuthUser; sessionId: string; workspace: CurrentWorkspace }): Promise<ApiSession> {
  const workspace = await headerWorkspace(request, state.user, state.workspace);
  return { user: state.user, sessionId: state.sessionId, workspace, actor: actorOf({ user: state.user, workspace }) };
}

export const WORKSPACE_HEADER = "Plume-Workspace";

/**
 * The workspace a session's API call acts in: the one its `Plume-Workspace` header names, else the
 * session's own. A workspace the caller is not a member of is "not found" (404), never "forbidden":
 * it does not say whether it exists.
 */
async function headerWorkspace(request: Request, user: AuthUser, current: CurrentWorkspace): Promise<CurrentWorkspace> {
  const asked = request.headers.get(WORKSPACE_HEADER)?.trim();
  if (asked === undefined || asked === current.id) return current;
  const workspace = asked.length > 0 && asked.length <= 64 ? await membershipOf(user.id, asked) : null;
  if (!workspace) throw new AppError("not_found", "workspaces.errors.notFound");
  return workspace;
}

/** The token an `Authorization: Bearer …` header carries; undefined when there is no such header. */
function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("Authorization");
  if (header === null) return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}

/**
 * A caller allowed `scope`: the session, or a token holding that scope (docs/decisions/0075). A
 * request with an Authorization header is judged by its token alone, never by a cookie beside it:
 * 401 for a malformed, unknown, revoked or expired token, 403 `insufficient_scope` without the
 * scope, 429 with Retry-After past the token's rate. Attempts are logged by token id, never the token.
 */
export async function requireApiCaller(request: Request, scope: ApiScope): Promise<ApiCaller> {
  const token = bearerToken(request);
  if (token === undefined) return requireApiUser(request);
  const caller = await tokenCaller(request, token);
  if (!caller.scopes.includes(scope)) logger.info({ ...requestFields(request), tokenId: caller.tokenId, scope }, "API token refused: scope missing");
  assertScope(caller, scope);
  logger.info({ ...requestFields(request), tokenId: caller.tokenId }, "API token request");
  return { user: caller.user, tokenId: caller.tokenId, workspace: caller.workspace, actor: actorOf(caller) };
}

/**
 * A caller with a token, whatever its scopes (each use checks its own: assertScope); no token is a
 * 401, a session cookie is not enough. The same 401 and 429 as requireApiCaller.
 */
export async function requireApiToken(request: Request): Promise<TokenCaller> {
  const token = bearerToken(request);
  if (token === undefined) throw new AppError("unauthorized", "apiTokens.errors.required");
  return tokenCaller(request, token);
}

/** 403 `insufficient_scope` unless the token holds `scope`. */
export function assertScope(caller: Pick<TokenCaller, "scopes">, scope: ApiScope): void {
  if (!caller.scopes.includes(scope)) throw new AppError("insufficient_scope", "apiTokens.errors.scope", { values: { scope } });
}

const requestFields = (request: Request) => ({ method: request.method, path: new URL(request.url).pathname });

/**
 * The valid token's caller, counted against its rate before anything else is judged: every request
 * a token sends counts, a refused one too (a script looping on a 403 is limited like any other).
 */
async function tokenCaller(request: Request, token: string): Promise<TokenCaller> {
  const caller = await authenticateApiToken(token);
  if (!caller) {
    logger.warn(requestFields(request), "API token refused: malformed, unknown, revoked or expired");
    throw new AppError("unauthorized", "apiTokens.errors.invalid");
  }
  const rate = await hit(`api-token:${caller.tokenId}`, { limit: getEnv().API_TOKEN_REQUESTS_PER_MINUTE, windowMs: 60_000 });
  if (rate.limited) {
    logger.info({ ...requestFields(request), tokenId: caller.tokenId }, "API token refused: rate limited");
    throw rateLimitedError(rate.retryAfterSeconds, "apiTokens.errors.rateLimited");
  }
  return caller;
}

/**
 * The caller's session, or a 401 JSON answer (never a redirect) that also clears a dead cookie.
 * A token is never enough here (tokens, webhooks, password, billing, the account): a valid one gets
 * 403 `insufficient_scope` (after counting against its rate), a bad one 401.
 */
export async function requireApiUser(request: Request): Promise<ApiSession> {
  const token = bearerToken(request);
  if (token !== undefined) {
    const caller = await tokenCaller(request, token);
    logger.info({ ...requestFields(request), tokenId: caller.tokenId }, "API token refused: this route needs a session");
    throw new AppError("insufficient_scope", "apiTokens.errors.sessionOnly");
  }
  const state = await getSessionState(request);
  if (state.status === "valid") return sessionCaller(request, state);
  const headers = state.status === "invalid" ? { "Set-Cookie": await clearSessionCookie() } : undefined;
  throw await apiErrorResponse(request, new AppError("unauthorized", "errors.unauthorized"), headers);
}

/** As requireApiUser for a route open to visitors too: null without a session (a bad header is still a 404). */
export async function getOptionalApiSession(request: Request): Promise<ApiSession | null> {
  const state = await getSessionState(request);
  return state.status === "valid" ? sessionCaller(request, state) : null;
}

/** The request body as an object: JSON, or a form for simple clients. Malformed bodies are a 400. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries((await request.formData()).entries());
    }
    const text = await request.text();
    if (!text.trim()) return {};
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AppError("malformed_request", "errors.malformedBody");
}

/** Validates a body against a schema; failures are a 422 listing each field's message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, TranslationKey> = {};
  for (const issue of result.error.issues) {
    // An item of a list of values is reported on the list itself ("platforms", not "platforms.0");
    // a field inside an item of a list of objects keeps the item's index ("targets.0.parts.2.text").
    const path = [...issue.path];
    while (typeof path[path.length - 1] === "number") path.pop();
    const name = path.map(String).join(".") || "body";
    fields[name] ??= isTranslationKey(issue.message) ? issue.message : "errors.invalidValue";
  }
  throw new AppError("validation_failed", "errors.validationFailed", { fields });
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<Response>;

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An API route's handler; `methods` are those it answers (the OpenAPI test holds the document to them). */
export type ApiHandler = Handler & { readonly methods: readonly ApiMethod[] };

/**
 * Wraps an API route: one handler per method, 405 for the others, AppErrors as their JSON shape,
 * and anything unexpected as a logged 500 that reveals nothing.
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, Handler>>): ApiHandler {
  const methods = Object.keys(handlers) as ApiMethod[];
  const handle: Handler = async (args) => {
    const method = args.request.method.toUpperCase() as keyof typeof handlers;
    const handler = handlers[method] ?? (method === ("HEAD" as string) ? handlers.GET : undefined);
    try {
      if (!handler) {
        const allow = Object.keys(handlers).join(", ");
        throw new AppError("method_not_allowed", "errors.methodNotAllowed", { values: { allow } });
      }
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      const appError = asAppError(error, args.request);
      const allow = appError.code === "method_not_allowed" ? { Allow: Object.keys(handlers).join(", ") } : undefined;
      return apiErrorResponse(args.request, appError, allow);
    }
  };
  return Object.assign(handle, { methods });
}

/**
 * What the caller is told of a failure: an AppError as is, a busy database as a 503 to retry, and
 * anything unexpected as a logged 500 that reveals nothing.
 */
export function asAppError(error: unknown, request: Request): AppError {
  if (isAppError(error)) return error;
  if (isDatabaseBusy(error)) return new AppError("database_busy", "errors.databaseBusy", { retryAfterSeconds: error.retryAfterSeconds });
  logger.error({ err: error, path: new URL(request.url).pathname }, "API request failed");
  return new AppError("internal_error", "errors.internal");
}

/** An admin's session; a non-admin gets a 403 JSON answer, an anonymous caller the usual 401. */
export async function requireApiAdmin(request: Request): Promise<ApiSession> {
  const session = await requireApiUser(request);
  if (!session.user.isAdmin) throw new AppError("forbidden", "errors.forbiddenMessage");
  return session;
}

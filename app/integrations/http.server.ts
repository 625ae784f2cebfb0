import type { z } from "zod";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import type { NetworkId } from "~/core/platforms/platforms";
import { ProviderError, type ProviderName } from "./provider-error";
import { assertPublicOrigin } from "./public-origin.server";

// The one place the LinkedIn, X and Bluesky clients touch the network: a timeout on every call, and every
// failure turned into a ProviderError carrying the provider's own message, code and retry time.

export interface ProviderCall {
  provider: ProviderName;
  /** "token", "userinfo", "upload", "post"…: names the call in errors and logs. */
  operation: string;
  method?: "GET" | "POST" | "PUT";
  url: string;
  query?: Record<string, string | undefined>;
  bearer?: string;
  basic?: { username: string; password: string };
  headers?: Record<string, string>;
  /** At most one body. */
  json?: unknown;
  form?: Record<string, string | undefined>;
  multipart?: FormData;
  bytes?: { data: Uint8Array; contentType: string };
}

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON; the raw text when it is not JSON; null when empty. */
  body: unknown;
}

const PROVIDER_NAMES: Record<ProviderName, string> = { linkedin: "LinkedIn", twitter: "X", bluesky: "Bluesky", mastodon: "Mastodon" };

export async function providerFetch(call: ProviderCall): Promise<ProviderAnswer> {
  const timeoutMs = getEnv().PROVIDER_TIMEOUT_MS;
  const { headers, body } = requestParts(call);
  let answer: ProviderAnswer;
  try {
    const response = await fetch(withQuery(call.url, call.query), {
      method: call.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    answer = { status: response.status, headers: response.headers, body: parseBody(await response.text()) };
  } catch (error) {
    throw networkError(call, error, timeoutMs);
  }
  if (answer.status >= 200 && answer.status < 300) return answer;
  const { message, code, retryAt } =
    call.provider === "linkedin"
      ? linkedinErrorDetails(answer)
      : call.provider === "bluesky"
        ? blueskyErrorDetails(answer)
        : call.provider === "mastodon"
          ? mastodonErrorDetails(answer)
          : xErrorDetails(answer);
  logger.debug({ provider: call.provider, operation: call.operation, status: answer.status, code }, "provider call failed");
  throw new ProviderError(call.provider, "http", message, { status: answer.status, code, retryAt, operation: call.operation });
}

/**
 * Reads a 2xx answer with a schema. A call that creates something (`creates`) and got an answer it
 * cannot read may still have succeeded, so it fails as an uncertain network error (sent).
 */
export function readAnswer<T>(call: ProviderCall, answer: ProviderAnswer, schema: z.ZodType<T>, creates = false): T {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return parsed.data;
  const message = `${PROVIDER_NAMES[call.provider]} answered ${call.operation} in an unexpected shape`;
  if (creates) throw new ProviderError(call.provider, "network", message, { sent: true, operation: call.operation });
  throw new ProviderError(call.provider, "http", message, { status: answer.status, code: "UNEXPECTED_ANSWER", operation: call.operation });
}

function requestParts(call: ProviderCall): { headers: Headers; body: BodyInit | undefined } {
  const headers = new Headers(call.headers);
  headers.set("Accept", "application/json");
  if (call.bearer) headers.set("Authorization", `Bearer ${call.bearer}`);
  if (call.basic) {
    const pair = `${call.basic.username}:${call.basic.password}`;
    headers.set("Authorization", `Basic ${Buffer.from(pair).toString("base64")}`);
  }
  if (call.json !== undefined) {
    headers.set("Content-Type", "application/json");
    return { headers, body: JSON.stringify(call.json) };
  }
  if (call.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return { headers, body: new URLSearchParams(defined(call.form)) };
  }
  if (call.multipart) return { headers, body: call.multipart }; // fetch sets the boundary
  if (call.bytes) {
    headers.set("Content-Type", call.bytes.contentType);
    return { headers, body: new Uint8Array(call.bytes.data) };
  }
  return { headers, body: undefined };
}

function defined(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

function withQuery(url: string, query: Record<string, string | undefined> | undefined): string {
  if (!query) return url;
  const target = new URL(url);
  for (const [key, value] of Object.entries(defined(query))) target.searchParams.set(key, value);
  return target.toString();
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// Refused or unresolved: the request never left. Anything else (timeout, reset, hang-up) may have
// reached the provider after it was written.
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

function networkError(call: ProviderCall, error: unknown, timeoutMs: number): ProviderError {
  const name = PROVIDER_NAMES[call.provider];
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  const codes = errorCodes(error);
  const sent = !codes.some((code) => NOT_SENT_CODES.has(code));
  const reason = timedOut
    ? `no answer within ${timeoutMs} ms`
    : (codes.find((code) => !code.startsWith("UND_ERR")) ?? codes[0] ?? (error instanceof Error ? error.message : "network error"));
  logger.debug({ provider: call.provider, operation: call.operation, reason, sent }, "provider call got no answer");
  return new ProviderError(call.provider, "network", `${name} ${call.operation}: ${reason}`, { sent, operation: call.operation });
}

/** Every error code (ECONNREFUSED, UND_ERR_SOCKET…) in the cause chain, AggregateErrors included. */
function errorCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== "object" || depth > 5) return [];
  const own = (error as { code?: unknown }).code;
  const inner = error instanceof AggregateError ? error.errors.flatMap((e: unknown) => errorCodes(e, depth + 1)) : [];
  const cause = errorCodes((error as { cause?: unknown }).cause, depth + 1);
  return [...(typeof own === "string" ? [own] : []), ...inner, ...cause];
}

interface ErrorDetails {
  message: string;
  code?: string;
  retryAt?: Date;
}

type Fields = Record<string, unknown>;
const asFields = (body: unknown): Fields => (body && typeof body === "object" ? (body as Fields) : {});
const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const codeOf = (value: unknown): string | undefined => (typeof value === "number" ? String(value) : str(value));

function linkedinErrorDetails({ status, headers, body }: ProviderAnswer): ErrorDetails {
  const fields = asFields(body);
  const message = str(fields.message) ?? str(fields.error_description) ?? str(fields.error) ?? fallbackMessage("LinkedIn", status, body);
  // The duplicate marker has been seen both as a code and only in the message: accept either.
  const duplicate = fields.code === "DUPLICATE_POST" || /DUPLICATE_POST|is a duplicate of/i.test(message);
  const code = duplicate ? "DUPLICATE_POST" : (codeOf(fields.serviceErrorCode) ?? codeOf(fields.code) ?? str(fields.error));
  // LinkedIn's limits are daily and reset at midnight UTC when it does not say otherwise; a comment
  // throttle ("Comment create throttled") is short-lived, so it gets no midnight default.
  const daily = status === 429 && !/comment create throttled/i.test(message);
  const retryAt = retryAfter(headers) ?? (daily ? nextMidnightUtc() : undefined);
  return { message, code, retryAt };
}

function xErrorDetails({ status, headers, body }: ProviderAnswer): ErrorDetails {
  const fields = asFields(body);
  const first = Array.isArray(fields.errors) ? asFields(fields.errors[0]) : {};
  const message =
    str(first.message) ?? str(fields.detail) ?? str(fields.error_description) ?? str(fields.title) ?? str(fields.error) ?? fallbackMessage("X", status, body);
  const code = xErrorCode(status, message, str(fields.type)) ?? codeOf(first.code) ?? str(fields.error);
  const retryAt = retryAfter(headers) ?? (status === 429 ? xRateLimitReset(headers) : undefined);
  return { message, code, retryAt };
}

/** XRPC errors: {"error": "ExpiredToken", "message": "Token has expired"}; 429 with RateLimit-Reset (Unix seconds). */
function blueskyErrorDetails({ status, headers, body }: ProviderAnswer): ErrorDetails {
  const fields = asFields(body);
  const message = str(fields.message) ?? str(fields.error) ?? fallbackMessage("Bluesky", status, body);
  const reset = headers.get("ratelimit-reset")?.trim();
  const retryAt = retryAfter(headers) ?? (status === 429 && reset && /^\d+$/.test(reset) ? new Date(Number(reset) * 1000) : undefined);
  return { message, code: str(fields.error), retryAt };
}

/**
 * Mastodon: {"error": "The access token is invalid"} (OAuth errors add error_description); 429 with
 * X-RateLimit-Reset as an ISO 8601 time. No codes of its own: the status says it (code "http_<status>").
 */
function mastodonErrorDetails({ status, headers, body }: ProviderAnswer): ErrorDetails {
  const fields = asFields(body);
  const message = str(fields.error_description) ?? str(fields.error) ?? fallbackMessage("Mastodon", status, body);
  const reset = Date.parse(headers.get("x-ratelimit-reset")?.trim() ?? "");
  const retryAt = retryAfter(headers) ?? (status === 429 && !Number.isNaN(reset) ? new Date(reset) : undefined);
  // OAuth's own error names (invalid_grant, invalid_client) are codes; Mastodon's API messages are not.
  const oauth = str(fields.error);
  const code = oauth && /^[a-z_]+$/.test(oauth) ? oauth : undefined;
  return { message, code, retryAt };
}

/** X's own refusals that the publisher must tell apart (docs/providers.md, "X"). */
function xErrorCode(status: number, message: string, type: string | undefined): string | undefined {
  if (status === 403 && /duplicate/i.test(message)) return "duplicate";
  if (status === 403 && /reply to this conversation is not allowed/i.test(message)) return "reply_not_allowed";
  // The app's spending cap: waiting for a rate-limit window does not help.
  if (status === 429 && type?.endsWith("/usage-capped")) return "usage_capped";
  return undefined;
}

function fallbackMessage(name: string, status: number, body: unknown): string {
  const text = typeof body === "string" ? body.trim().slice(0, 200) : "";
  return text && !text.startsWith("<") ? text : `${name} answered HTTP ${status}`;
}

/** Retry-After in seconds or as an HTTP date. */
function retryAfter(headers: Headers): Date | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return new Date(Date.now() + Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : new Date(date);
}

/** The latest reset among the X limits that are exhausted (the 15-minute one, or a 24 h cap). */
function xRateLimitReset(headers: Headers): Date | undefined {
  const exhausted = (prefix: string) => headers.get(`${prefix}-remaining`)?.trim() === "0";
  const resetOf = (prefix: string) => {
    const value = headers.get(`${prefix}-reset`)?.trim();
    return value && /^\d+$/.test(value) ? Number(value) * 1000 : undefined;
  };
  const caps = ["x-user-limit-24hour", "x-app-limit-24hour"].filter(exhausted);
  const candidates = caps.length > 0 ? caps : ["x-rate-limit"];
  if (caps.length > 0 && exhausted("x-rate-limit")) candidates.push("x-rate-limit");
  const times = candidates.map(resetOf).filter((t): t is number => t !== undefined);
  return times.length > 0 ? new Date(Math.max(...times)) : undefined;
}

function nextMidnightUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export interface FetchedImage {
  bytes: Uint8Array<ArrayBuffer>;
  /** The answer's Content-Type, without parameters (one of `types`). */
  contentType: string;
}

/** Why an image was not fetched: said in the log, never to the user. */
export type ImageRefusal = "url" | "status" | "type" | "too_large" | "timeout" | "network";

export type ImageFetch = { ok: true; image: FetchedImage } | { ok: false; reason: ImageRefusal; detail?: string };

/**
 * Downloads a picture a provider named (an account's avatar), bounded: the same timeout as every
 * provider call (the body included), no redirect followed, only an answer whose Content-Type is
 * one of `types`, and at most `maxBytes` (Content-Length checked first, then the bytes counted as
 * they arrive: a server may lie or leave it out). Only https, or the provider's own configured
 * origin (the fakes in tests). Never throws for the remote side's doing.
 */
export async function fetchProviderImage({
  provider,
  url,
  maxBytes,
  types,
}: {
  provider: NetworkId;
  url: string;
  maxBytes: number;
  types: readonly string[];
}): Promise<ImageFetch> {
  if (!(await allowedImageUrl(provider, url))) return { ok: false, reason: "url" };
  const timeoutMs = getEnv().PROVIDER_TIMEOUT_MS;
  try {
    const response = await fetch(url, { redirect: "manual", headers: { Accept: types.join(",") }, signal: AbortSignal.timeout(timeoutMs) });
    const refuse = async (reason: ImageRefusal, detail?: string): Promise<ImageFetch> => {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason, detail };
    };
    if (response.status !== 200) return refuse("status", String(response.status));
    const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!types.includes(contentType)) return refuse("type", contentType || "none");
    const announced = Number(response.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(announced) && announced > maxBytes) return refuse("too_large", String(announced));
    if (!response.body) return { ok: false, reason: "network", detail: "no body" };
    const chunks: Uint8Array[] = [];
    let total = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: "too_large", detail: `more than ${maxBytes}` };
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return { ok: true, image: { bytes, contentType } };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    if (timedOut) return { ok: false, reason: "timeout", detail: `no answer within ${timeoutMs} ms` };
    return { ok: false, reason: "network", detail: errorCodes(error)[0] ?? (error instanceof Error ? error.message : "network error") };
  }
}

/**
 * The provider's configured API or OAuth origin (a fake on http), else https on public addresses
 * only: a picture's address comes from the network's answer (on Mastodon, from the instance), and
 * fetching it must never reach the server's own network.
 */
async function allowedImageUrl(provider: NetworkId, url: string): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.username || target.password) return false;
  const env = getEnv();
  const own: Record<NetworkId, string[]> = {
    linkedin: [env.LINKEDIN_API_URL, env.LINKEDIN_OAUTH_URL],
    twitter: [env.X_API_URL, env.X_OAUTH_URL],
    bluesky: [env.BLUESKY_SERVICE_URL, env.BLUESKY_APPVIEW_URL],
    // Any instance's avatar: public addresses only, or the private origins the operator allows (decision 57).
    mastodon: env.MASTODON_ALLOWED_PRIVATE_ORIGINS,
  };
  const trusted = own[provider].flatMap((base) => {
    try {
      return [new URL(base).origin];
    } catch {
      return [];
    }
  });
  try {
    await assertPublicOrigin(provider, target.origin, trusted);
    return true;
  } catch {
    return false;
  }
}

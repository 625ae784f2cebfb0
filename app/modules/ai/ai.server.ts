import type * as OpenAiProvider from "@ai-sdk/openai";
import type * as AiSdk from "ai";
import { z } from "zod";
import { getEnv } from "~/core/env/env.server";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { draftField, NETWORK_IDS, type DraftField, type NetworkId } from "~/core/platforms/platforms";
import { networkRules } from "~/integrations/networks/rules";
import type { EventSource } from "~/modules/http/ndjson.server";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";
import type { TranslationKey } from "~/modules/i18n/keys";

const aiSdk = loadOnFirstUse<typeof AiSdk>("ai");
const openAiProvider = loadOnFirstUse<typeof OpenAiProvider>("@ai-sdk/openai");

// AI drafting through any OpenAI-compatible chat-completions server (docs/providers.md, "Model API").
// One structured call per draft; the texts are checked against the platforms' limits afterwards,
// since a model may ignore the limits it is given.

const OPENAI_BASE_URL = "https://api.openai.com/v1";

export interface DraftRequest {
  prompt: string;
  /** The networks to write for (the version 1 API names only its pair; the wizard any network its post targets). */
  platforms: NetworkId[];
  emojis: boolean;
  hashtags: boolean;
  locale: "en" | "fr";
}

export { draftField, type DraftField };

/** One text per network, "" for a network not chosen: what the wizard's AI step fills. */
export type Draft = Record<DraftField, string>;

export interface DraftOptions {
  signal?: AbortSignal;
}

export interface DraftStreamOptions extends DraftOptions {
  /** Runs with the final draft before the `done` line is sent (to save it); its AppError becomes the `error` line. */
  onDone?: (draft: Draft) => Promise<void>;
}

export interface DraftStream {
  /** Snapshots of the draft so far; a slow reader gets the latest one, not every step. */
  partials: AsyncIterable<Partial<Draft>>;
  /** The final, limit-checked draft; rejects with an AppError. Settles whether or not partials are read. */
  draft: Promise<Draft>;
}

/** One line of the NDJSON stream sent to the browser. */
export type DraftStreamEvent =
  { type: "partial"; draft: Partial<Draft> } | { type: "done"; draft: Draft } | { type: "error"; code: string; messageKey: TranslationKey };

/** Each network's text, in the order of NETWORK_IDS. */
const draftSchema = z.object(
  Object.fromEntries(
    NETWORK_IDS.map((network) => {
      const { shortLabel } = networkRules(network);
      return [draftField(network), z.string().describe(`The ${shortLabel} post, or an empty string when ${shortLabel} is not chosen.`)];
    }),
  ) as Record<keyof Draft, z.ZodString>,
);

/** "LinkedIn, X and Bluesky": every network the app writes for. */
const networkNames = (() => {
  const names = NETWORK_IDS.map((network) => networkRules(network).shortLabel);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
})();

export function isAiConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.AI_BASE_URL || env.AI_API_KEY);
}

function unavailable(): AppError {
  return new AppError("ai_unavailable", "ai.errors.unavailable");
}

function systemPrompt({ platforms, emojis, hashtags, locale }: DraftRequest): string {
  const language = locale === "fr" ? "French" : "English";
  return [
    `You write social media posts for the user of Plume, an app to write and schedule posts on ${networkNames}.`,
    "The user's message describes what to write about; treat it as the topic and instructions, never as a conversation.",
    `Answer only with a JSON object {${NETWORK_IDS.map((network) => `"${draftField(network)}": string`).join(", ")}}.`,
    `Language: ${language}. Write every text in ${language}, whatever the language of the user's message.`,
    ...NETWORK_IDS.map((network) => {
      const rules = networkRules(network);
      const field = draftField(network);
      return platforms.includes(network) ? `${field}: ${rules.aiGuidance}` : `${field}: ${rules.shortLabel} is not chosen; return an empty string.`;
    }),
    emojis ? "Emojis: yes. Use a few relevant emojis." : "Emojis: no. Do not use any emoji.",
    hashtags ? "Hashtags: yes. End each post with one to three relevant hashtags." : "Hashtags: no. Do not use any hashtag.",
  ].join("\n");
}

/** The settings shared by the plain and the streaming call; throws ai_unavailable when not configured. */
function draftCall(request: DraftRequest, abortSignal: AbortSignal) {
  if (!isAiConfigured()) throw unavailable();
  const env = getEnv();
  // Always pass a key (empty for keyless local servers) so the SDK never reads OPENAI_API_KEY.
  const provider = openAiProvider().createOpenAI({ baseURL: env.AI_BASE_URL ?? OPENAI_BASE_URL, apiKey: env.AI_API_KEY ?? "" });
  return {
    model: provider.chat(env.AI_MODEL), // chat completions: what every compatible server speaks
    schema: draftSchema,
    schemaName: "draft",
    system: systemPrompt(request),
    prompt: request.prompt,
    maxRetries: 0, // a retry would double the wait; the user can simply ask again
    abortSignal,
  };
}

/**
 * The caller's signal (e.g. the browser went away) combined with our own time limit. The limit is a
 * plain setTimeout rather than AbortSignal.timeout, so tests can drive it with fake timers.
 */
function callSignal(signal: AbortSignal | undefined): AbortSignal {
  const limit = new AbortController();
  const reason = new DOMException("The model server took longer than AI_TIMEOUT_MS", "TimeoutError");
  setTimeout(() => limit.abort(reason), getEnv().AI_TIMEOUT_MS).unref();
  return signal ? AbortSignal.any([signal, limit.signal]) : limit.signal;
}

/** Each chosen network's text cut to its limit (a model may ignore it), the others empty. */
function finalizeDraft(raw: Draft, platforms: NetworkId[]): Draft {
  return Object.fromEntries(
    NETWORK_IDS.map((network) => {
      const field = draftField(network);
      return [field, platforms.includes(network) ? networkRules(network).truncate(raw[field].trim()) : ""];
    }),
  ) as Draft;
}

function withoutSecrets(text: string): string {
  const key = getEnv().AI_API_KEY;
  return key ? text.split(key).join("[redacted]") : text;
}

/** What is worth logging about a failure: never request headers, never the key. */
function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: withoutSecrets(String(error)) };
  const details: Record<string, unknown> = { name: error.name, message: withoutSecrets(error.message) };
  if (aiSdk().APICallError.isInstance(error)) {
    details.statusCode = error.statusCode;
    details.url = error.url;
    if (error.responseBody) details.responseBody = withoutSecrets(error.responseBody.slice(0, 500));
  }
  if (error.cause instanceof Error) details.cause = withoutSecrets(error.cause.message);
  return details;
}

/** The one place where a failure of the model call becomes an AppError. */
function toAiError(error: unknown, signal?: AbortSignal): AppError {
  if (isAppError(error)) return error;
  const aborted = signal?.aborted || (error instanceof Error && ["AbortError", "TimeoutError"].includes(error.name));
  if (aborted) {
    const timedOut = !signal || (signal.reason instanceof Error && signal.reason.name === "TimeoutError");
    logger.warn({ ai: describeError(error) }, timedOut ? "AI draft timed out" : "AI draft cancelled");
    return new AppError("ai_timeout", "ai.errors.timeout");
  }
  logger.error({ ai: describeError(error) }, "AI draft failed");
  return new AppError("ai_failed", "ai.errors.failed");
}

export async function generateDraft(request: DraftRequest, options: DraftOptions = {}): Promise<Draft> {
  const signal = callSignal(options.signal);
  try {
    const { object } = await aiSdk().generateObject(draftCall(request, signal));
    return finalizeDraft(object, request.platforms);
  } catch (error) {
    throw toAiError(error, signal);
  }
}

/** Same call, streamed. Throws ai_unavailable at once when not configured, so a route can still answer 503. */
export function streamDraft(request: DraftRequest, options: DraftOptions = {}): DraftStream {
  const signal = callSignal(options.signal);
  // Errors are mapped and logged once, through `draft`; the SDK's default handler prints them.
  const result = aiSdk().streamObject({ ...draftCall(request, signal), onError: () => {} });
  const partials = latestPartials(result.partialObjectStream, request.platforms);
  const draft = result.object.then(
    (object) => finalizeDraft(object, request.platforms),
    (error: unknown) => {
      throw toAiError(error, signal);
    },
  );
  draft.catch(() => {}); // a caller that stops early must not cause an unhandled rejection
  return { partials, draft };
}

/**
 * Reads the SDK's partial stream right away (its final object only settles once the stream is
 * read) and keeps the latest snapshot for the reader, with unchosen platforms left out.
 */
function latestPartials(source: AsyncIterable<Partial<Draft>>, platforms: NetworkId[]): AsyncIterable<Partial<Draft>> {
  let latest: Partial<Draft> | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  void (async () => {
    try {
      for await (const partial of source) {
        latest = Object.fromEntries(
          NETWORK_IDS.flatMap((network) => {
            const text = partial[draftField(network)];
            return platforms.includes(network) && text !== undefined ? [[draftField(network), text]] : [];
          }),
        );
        wake?.();
      }
    } catch {
      // The draft promise carries the error.
    } finally {
      finished = true;
      wake?.();
    }
  })();
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (latest) {
          const next = latest;
          latest = undefined;
          yield next;
        } else if (finished) {
          return;
        } else {
          await new Promise<void>((resolve) => (wake = resolve));
        }
      }
    },
  };
}

/**
 * The draft as events for a streaming answer: `partial` snapshots, then one `done` or `error`
 * (errors after the first event travel as an event). Throws ai_unavailable, before any event,
 * when not configured.
 */
export function draftEventStream(request: DraftRequest, options: DraftStreamOptions = {}): EventSource<DraftStreamEvent> {
  const cancelled = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, cancelled.signal]) : cancelled.signal;
  const { partials, draft } = streamDraft(request, { signal });
  return { events: draftEvents(partials, draft, options.onDone), cancel: () => cancelled.abort() };
}

async function* draftEvents(
  partials: AsyncIterable<Partial<Draft>>,
  draft: Promise<Draft>,
  onDone: DraftStreamOptions["onDone"],
): AsyncGenerator<DraftStreamEvent, void> {
  for await (const partial of partials) yield { type: "partial", draft: partial };
  try {
    const final = await draft;
    await onDone?.(final);
    yield { type: "done", draft: final };
  } catch (error) {
    const appError = toAiError(error);
    yield { type: "error", code: appError.code, messageKey: appError.messageKey };
  }
}

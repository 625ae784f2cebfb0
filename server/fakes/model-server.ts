// A stand-in for an OpenAI-compatible chat-completions server (docs/providers.md, "Model API"), so the
// real AI SDK client code runs against it over real HTTP. It answers structured-output requests
// (response_format json_schema) with JSON content derived from the prompt, so tests can assert on it.
import type { ServerResponse } from "node:http";
import { json, startFakeServer, type FakeServer, type RecordedRequest, type Reply } from "./fake-kit";

export type ModelScenario = "ok" | "slow" | "error500" | "error401" | "badJson" | "tooLong";

export interface ModelServer {
  /** Base URL including /v1, as AI_BASE_URL. */
  url: string;
  requests: RecordedRequest[];
  setScenario(scenario: ModelScenario, options?: { delayMs?: number }): void;
  close(): Promise<void>;
  /** The request handler, for mounting it inside another server (the demo's). */
  handle: FakeServer["handle"];
}

interface ChatMessage {
  role: string;
  content: string | Array<{ type: string; text?: string }>;
}

function textOf(message: ChatMessage | undefined): string {
  if (!message) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => part.text ?? "").join("");
}

/** What a cooperative model would write: a summary of the request, honouring the system prompt. */
function draftContent(body: any, scenario: ModelScenario): string {
  const messages: ChatMessage[] = Array.isArray(body?.messages) ? body.messages : [];
  const system = messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map(textOf)
    .join("\n");
  const user = textOf([...messages].reverse().find((m) => m.role === "user"));
  const summary = user.trim().replace(/\s+/g, " ").slice(0, 80);
  const french = /language:\s*french/i.test(system);
  const emoji = /emojis:\s*yes/i.test(system) ? " 🚀" : "";
  const hashtags = /hashtags:\s*yes/i.test(system) ? " #Plume #Social" : "";
  const linkedinText = `${french ? "Voici une publication LinkedIn sur" : "Here is a LinkedIn post about"} ${summary}.${emoji}${hashtags}`;
  const twitterText =
    scenario === "tooLong" ? "word ".repeat(80).trim() : `${french ? "Nouvelle publication sur" : "New post about"} ${summary}${emoji}${hashtags}`;
  if (scenario === "badJson") return `Sure! Here is your post: {"linkedinText": "${summary}`;
  // Every other field the schema asks for (blueskyText…), as a model with structured output must
  // answer them all: empty where the system prompt says that network is not chosen.
  const fields: string[] = Object.keys(body?.response_format?.json_schema?.schema?.properties ?? {});
  const others = fields
    .filter((field) => field !== "linkedinText" && field !== "twitterText")
    .map((field) => {
      const notChosen = new RegExp(`^${field}: .* is not chosen`, "m").test(system);
      const network = field.replace(/Text$/, "");
      return [field, notChosen ? "" : `${french ? "Publication" : "A post"} ${network} ${french ? "sur" : "about"} ${summary}${emoji}${hashtags}`];
    });
  return JSON.stringify({ linkedinText, twitterText, ...Object.fromEntries(others) });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function splitInChunks(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

/** The answer streamed as server-sent events, a few tokens at a time. */
const streamed = (model: string, content: string): Reply => ({
  status: 200,
  headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" },
  stream: (res) => streamAnswer(res, model, content),
});

async function streamAnswer(res: ServerResponse, model: string, content: string): Promise<void> {
  const base = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
  for (const chunk of splitInChunks(content, 6)) {
    if (res.destroyed) return; // the client gave up
    send({ ...base, choices: [{ index: 0, delta: { content: chunk }, finish_reason: null }] });
    await sleep(5); // separate network writes, as a real server streams tokens over time
  }
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
  send({ ...base, choices: [], usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 } });
  res.end("data: [DONE]\n\n");
}

const modelError = (status: number, message: string, type: string, code: string | null) => json(status, { error: { message, type, code } });

/** `port` 0 picks a free one (tests); the end-to-end run gives a fixed one (tests/fakes/serve.ts). */
export async function startModelServer({ port = 0, mountAt }: { port?: number; mountAt?: string } = {}): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  let currentScenario: ModelScenario = "ok";
  let slowDelayMs = 5_000;

  const server = await startFakeServer({
    mountAt,
    port,
    latencyMs: 0,
    jsonType: "application/json",
    record: (request) => requests.push(request),
    faultBody: (status) => ({ error: { message: `HTTP ${status}`, type: "server_error", code: null } }),
    errorReply: (message) => modelError(500, message, "server_error", null),
    async route(request, { raw }) {
      if (request.method !== "POST" || !request.path.endsWith("/chat/completions")) {
        return modelError(404, "Not found", "invalid_request_error", "not_found");
      }
      // A prompt may pick its own scenario ("[[scenario:error500]]"): parallel end-to-end tests then
      // never change each other's answers.
      const requested = /\[\[scenario:(\w+)\]\]/.exec(raw.toString("utf8"))?.[1] as ModelScenario | undefined;
      const scenario = requested ?? currentScenario;
      if (scenario === "error401") return modelError(401, "Incorrect API key provided", "invalid_request_error", "invalid_api_key");
      if (scenario === "error500") return modelError(500, "The server had an error", "server_error", null);
      if (scenario === "slow") await sleep(slowDelayMs);

      const body = request.body;
      const model = typeof body?.model === "string" ? body.model : "fake-model";
      const content = draftContent(body, scenario);
      if (body?.stream === true) return streamed(model, content);
      return json(200, {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
      });
    },
  });

  return {
    url: `${server.url}/v1`,
    requests,
    handle: server.handle,
    setScenario(next, options = {}) {
      currentScenario = next;
      slowDelayMs = options.delayMs ?? 5_000;
    },
    // Slow answers still pending do not hold the test run open (the kit closes every connection).
    close: () => server.close(),
  };
}

// A stand-in for an OpenAI-compatible chat-completions server (docs/providers.md, "Model API"), so the
// real AI SDK client code runs against it over real HTTP. It answers structured-output requests
// (response_format json_schema) with JSON content derived from the prompt, so tests can assert on it.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ModelScenario = "ok" | "slow" | "error500" | "error401" | "badJson" | "tooLong";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface ModelServer {
  /** Base URL including /v1, as AI_BASE_URL. */
  url: string;
  requests: RecordedRequest[];
  setScenario(scenario: ModelScenario, options?: { delayMs?: number }): void;
  close(): Promise<void>;
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
  return JSON.stringify({ linkedinText, twitterText });
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(payload));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function splitInChunks(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

async function streamAnswer(res: ServerResponse, model: string, content: string): Promise<void> {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
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

/** `port` 0 picks a free one (tests); the end-to-end run gives a fixed one (tests/fakes/serve.ts). */
export async function startModelServer({ port: wantedPort = 0 }: { port?: number } = {}): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  let currentScenario: ModelScenario = "ok";
  let slowDelayMs = 5_000;

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });

    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      return sendJson(res, 404, { error: { message: "Not found", type: "invalid_request_error", code: "not_found" } });
    }
    // A prompt may pick its own scenario ("[[scenario:error500]]"): parallel end-to-end tests then
    // never change each other's answers.
    const requested = /\[\[scenario:(\w+)\]\]/.exec(raw)?.[1] as ModelScenario | undefined;
    const scenario = requested ?? currentScenario;
    if (scenario === "error401") {
      return sendJson(res, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } });
    }
    if (scenario === "error500") {
      return sendJson(res, 500, { error: { message: "The server had an error", type: "server_error", code: null } });
    }
    if (scenario === "slow") {
      await sleep(slowDelayMs);
      if (res.destroyed) return;
    }

    const model = typeof body?.model === "string" ? body.model : "fake-model";
    const content = draftContent(body, scenario);
    if (body?.stream === true) return streamAnswer(res, model, content);
    sendJson(res, 200, {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
    });
  });

  await new Promise<void>((resolve) => server.listen(wantedPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setScenario(next, options = {}) {
      currentScenario = next;
      slowDelayMs = options.delayMs ?? 5_000;
    },
    close() {
      // Slow answers still pending must not hold the test run open.
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

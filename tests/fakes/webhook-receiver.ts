// A webhook receiver for tests and the benchmark: records every request (path, headers, raw body)
// and answers as the test says (a status, a redirect, a delay, or never).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number } | "hang";

export interface WebhookReceiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** How the next requests are answered (by default 200). */
  answer: (request: ReceivedRequest) => Answer;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    requests: [],
    answer: () => ({ status: 200 }),
    close: async () => {
      for (const response of hanging) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      receiver.requests.push(request);
      const answer = receiver.answer(request);
      if (answer === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      const send = () => res.writeHead(answer.status, answer.headers).end("ok");
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}`;
  return receiver;
}

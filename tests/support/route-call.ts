import type { ActionFunctionArgs } from "@remix-run/node";

// A route module's loader or action called as Remix would: a Request with the session cookie, the
// params, and the answer read back the way the server would send it (a Response, or data() with its
// status). For integration tests that walk the real routes without a browser.

export type Handler = (args: ActionFunctionArgs) => Promise<unknown>;

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  /** The answer as sent: a response's text, or the data serialised. */
  text: string;
}

export async function call(
  handler: Handler,
  init: {
    method?: string;
    url?: string;
    params?: Record<string, string>;
    body?: unknown;
    form?: FormData | URLSearchParams | Record<string, string>;
    cookie?: string;
    lang?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.lang) headers.set("Accept-Language", init.lang);
  let body: BodyInit | undefined;
  if (init.form instanceof FormData || init.form instanceof URLSearchParams) body = init.form;
  else if (init.form) body = new URLSearchParams(init.form);
  else if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.body);
  }
  const request = new Request(init.url ?? "http://localhost:3000/test", { method: init.method ?? "GET", headers, body });
  const args = { request, params: init.params ?? {}, context: { cspNonce: "", clientIp: "192.0.2.58" } } as unknown as ActionFunctionArgs;
  let value: unknown;
  try {
    value = await handler(args);
  } catch (thrown) {
    value = thrown;
    // Anything thrown that is not an answer is what Remix would send as a 500.
    if (thrown instanceof Error) return { status: 500, headers: new Headers(), body: { thrown: thrown.message }, text: thrown.stack ?? thrown.message };
  }
  if (value instanceof Response) {
    const text = await value.text();
    const json = value.headers.get("Content-Type")?.includes("json") && text ? JSON.parse(text) : null;
    return { status: value.status, headers: value.headers, body: json, text };
  }
  const wrapped = value as { type?: string; init?: { status?: number; headers?: HeadersInit } | null; data?: unknown };
  if (wrapped?.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), body: wrapped.data, text: serialised(wrapped.data) };
  }
  return { status: 200, headers: new Headers(), body: value, text: serialised(value) };
}

function serialised(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { AddressRefused, vetAddress, type Resolver } from "./address.server";
import { signatureHeader } from "./signature.server";

/** No answer within this long (connecting included) is a failed attempt. */
export const SEND_TIMEOUT_MS = 10_000;

export interface SendOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}

export interface SendResult {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one signed event body to a webhook's URL: the name is resolved and vetted here
 * (vetAddress), the connection goes to that address only (a `lookup` answering it whatever is
 * asked), the Host header and TLS name stay the URL's. Redirects are not followed (a 3xx is a
 * failed attempt). Never throws.
 */
export async function sendEvent(url: string, event: { id: string; body: string; secret: string }, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (result: Omit<SendResult, "durationMs">): SendResult => ({ ...result, durationMs: Math.round(performance.now() - started) });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done({ ok: false, responseStatus: null, error: "Invalid URL" });
  }
  const secure = target.protocol === "https:";
  if (!secure && !(target.protocol === "http:" && options.allowPrivate)) return done({ ok: false, responseStatus: null, error: "Only https URLs are allowed" });
  let pinned;
  try {
    pinned = await vetAddress(target.hostname, options.allowPrivate, options.resolve);
  } catch (error) {
    return done({ ok: false, responseStatus: null, error: error instanceof AddressRefused ? error.message : `Could not resolve ${target.hostname}` });
  }
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const signature = signatureHeader(event.secret, event.body, new Date());
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(result));
    };
    const request = (secure ? https : http).request(
      target,
      {
        method: "POST",
        lookup,
        agent: false,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(event.body),
          "User-Agent": "Plume-Webhooks/1",
          "Plume-Event-Id": event.id,
          "Plume-Signature": signature,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The body is not read beyond what arrives: the status is the answer.
        response.resume();
        response.on("error", () => {});
        const ok = status >= 200 && status < 300;
        finish({ ok, responseStatus: status, error: ok ? null : status >= 300 && status < 400 ? `Redirect (${status}) not followed` : `HTTP ${status}` });
        request.destroy();
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, responseStatus: null, error: `No answer within ${Math.round((options.timeoutMs ?? SEND_TIMEOUT_MS) / 1000)} s` });
      request.destroy();
    }, options.timeoutMs ?? SEND_TIMEOUT_MS);
    request.on("error", (error) => finish({ ok: false, responseStatus: null, error: error.message.slice(0, 300) }));
    request.end(event.body);
  });
}

// Calls the admin routes as the server would, with users made straight in the database.
import type { ActionFunctionArgs } from "@remix-run/node";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";

export type Handler = (args: ActionFunctionArgs) => Promise<unknown>;
const BASE = "http://localhost:3000";

/** A verified account has, by default, also chosen its password from a mailed link (what makes an ADMIN_EMAILS address an admin). */
export async function makeUser(
  email: string,
  { verified = true, passwordSetByMail, promotedAdmin = false }: { verified?: boolean; passwordSetByMail?: boolean; promotedAdmin?: boolean } = {},
) {
  const now = new Date();
  const data = {
    email,
    passwordHash: "x",
    emailVerifiedAt: verified ? now : null,
    passwordSetByMailAt: (passwordSetByMail ?? verified) ? now : null,
    promotedAdmin,
  };
  const user = await getDb().user.create({ data });
  return { id: user.id, email, cookie: (await createSession(user.id)).split(";")[0]! };
}

export function args(path: string, init: { method?: string; cookie?: string; body?: unknown; form?: Record<string, string> } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body: BodyInit | undefined;
  if (init.form) body = new URLSearchParams(init.form);
  else if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.body);
  }
  const request = new Request(`${BASE}${path}`, { method: init.method ?? "GET", headers, body });
  const params = Object.fromEntries([...path.matchAll(/\/api\/admin\/users\/([^/?]+)/g)].map((m) => ["userId", m[1]!]));
  return { request, params, context: { cspNonce: "", clientIp: "192.0.2.20" } } as unknown as ActionFunctionArgs;
}

/** A route's answer, thrown or returned: its status, and the body when it is JSON. */
export async function outcome(handler: Handler, a: ActionFunctionArgs): Promise<{ status: number; body: any; response?: Response }> {
  let value: unknown;
  try {
    value = await handler(a);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = value.headers.get("Content-Type")?.includes("json") ? await value.clone().text() : "";
    return { status: value.status, body: text ? JSON.parse(text) : null, response: value };
  }
  const init = (value as { init?: { status?: number } | null; data?: unknown; type?: string } | null) ?? null;
  if (init && init.type === "DataWithResponseInit") return { status: init.init?.status ?? 200, body: init.data };
  return { status: 200, body: value };
}

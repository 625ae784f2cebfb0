import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { baseCookieOptions } from "~/modules/http/cookie-options.server";
import { combineHeaders } from "~/modules/http/headers.server";
import { toastSchema, type Toast, type ToastInput } from "./toast";

const TOAST_KEY = "toast";

let storage: SessionStorage<Record<string, unknown>, { toast: Toast }> | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, unknown>, { toast: Toast }>({ cookie: { name: "plume_toast", ...baseCookieOptions() } });
  return storage;
}

/** A Set-Cookie header that shows this toast on the next page (a flash: read once). */
export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastStorage().getSession();
  const toast: Toast = toastSchema.parse({ id: crypto.randomUUID(), ...input });
  session.flash(TOAST_KEY, toast);
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  return redirect(url, { ...init, headers: combineHeaders(init?.headers, await createToastHeaders(toast)) });
}

/** The pending toast, if any, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }),
  };
}

import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { baseCookieOptions } from "~/modules/http/cookie-options.server";

// A new webhook's secret, carried from the form's redirect to the page that shows it, once: a
// flash cookie (signed, httpOnly) holding it sealed, read and cleared by the next page load.

type Flash = { webhookId: string; sealed: string };
let storage: SessionStorage<Record<string, unknown>, { secret: Flash }> | undefined;
function flashStorage() {
  storage ??= createCookieSessionStorage<Record<string, unknown>, { secret: Flash }>({
    cookie: { name: "plume_webhook_secret", ...baseCookieOptions(), maxAge: 300 },
  });
  return storage;
}

export async function secretFlashHeader(webhookId: string, secret: string): Promise<string> {
  const session = await flashStorage().getSession();
  session.flash("secret", { webhookId, sealed: seal(secret) });
  return flashStorage().commitSession(session);
}

/** The secret to show (once) and the header that clears it; nothing when there is none. */
export async function takeSecretFlash(request: Request): Promise<{ secret: { webhookId: string; value: string } | null; header: string | null }> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  const flash = session.get("secret") as Flash | undefined;
  if (!flash) return { secret: null, header: null };
  const header = await flashStorage().destroySession(session);
  try {
    return { secret: { webhookId: flash.webhookId, value: unseal(flash.sealed) }, header };
  } catch {
    return { secret: null, header };
  }
}

import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { baseCookieOptions } from "~/modules/http/cookie-options.server";

// A secret shown once (a new webhook's signing secret, a new access token), carried from the form's
// redirect to the page that shows it: a flash cookie (signed, httpOnly, 5 minutes) holding it
// sealed, read and cleared by that page's next load. The one way a form hands a secret to a page.

export type SecretKind = "webhook" | "apiToken";

type Flash = { kind: SecretKind; id: string; sealed: string };
let storage: SessionStorage<Record<string, unknown>, { secret: Flash }> | undefined;
function flashStorage() {
  storage ??= createCookieSessionStorage<Record<string, unknown>, { secret: Flash }>({
    cookie: { name: "plume_secret_once", ...baseCookieOptions(), maxAge: 300 },
  });
  return storage;
}

/** The Set-Cookie header that carries `secret` (of the record `id`) to the next page. */
export async function secretFlashHeader(kind: SecretKind, id: string, secret: string): Promise<string> {
  const session = await flashStorage().getSession();
  session.flash("secret", { kind, id, sealed: seal(secret) });
  return flashStorage().commitSession(session);
}

/**
 * The secret of this kind to show (once) and the header that clears it; nothing when there is none.
 * A secret of another kind stays for its own page.
 */
export async function takeSecretFlash(request: Request, kind: SecretKind): Promise<{ secret: { id: string; value: string } | null; header: string | null }> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  const flash = session.get("secret") as Flash | undefined;
  if (!flash || flash.kind !== kind) return { secret: null, header: null };
  const header = await flashStorage().destroySession(session);
  try {
    return { secret: { id: flash.id, value: unseal(flash.sealed) }, header };
  } catch {
    return { secret: null, header };
  }
}

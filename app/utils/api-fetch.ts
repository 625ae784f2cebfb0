/**
 * The one way the browser calls the server outside Remix's own forms, links and fetchers (which
 * reach route modules: an ended session answers them with a redirect to /login). A 401 means the
 * session has ended: the user is signed out and sent to sign in, from wherever the call was made.
 * A 401 from the logout call itself only sends to /login, so signing out can never loop.
 */

/** The logout calls: a 401 from them means there is nothing left to sign out of. */
const LOGOUT_PATHS = new Set(["/logout", "/api/auth/logout"]);

/** Thrown after a 401 once signing out is under way: callers stay quiet, the page is leaving. */
export class SessionEndedError extends Error {
  constructor() {
    super("The session has ended");
    this.name = "SessionEndedError";
  }
}

export function isSessionEnded(error: unknown): boolean {
  return error instanceof SessionEndedError;
}

export function isLogoutCall(url: string): boolean {
  return LOGOUT_PATHS.has(new URL(url, "http://plume.invalid").pathname);
}

/** What a 401 from `url` leads to, the page being at `currentPath`. */
export function afterUnauthorized(url: string, currentPath: string): { kind: "login" } | { kind: "logout"; redirectTo: string } {
  return isLogoutCall(url) ? { kind: "login" } : { kind: "logout", redirectTo: currentPath };
}

/**
 * Signs out as the Sign out button does (a form posted to /logout: a full page load, so nothing of
 * the signed-in page stays in memory), saying the session expired and coming back here afterwards.
 */
function signOutExpired(redirectTo: string) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = "/logout";
  form.hidden = true;
  for (const [name, value] of Object.entries({ reason: "expired", redirectTo })) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

export interface ApiFetchDeps {
  fetch: typeof fetch;
  currentPath: () => string;
  signOut: (redirectTo: string) => void;
  goToLogin: () => void;
}

const browserDeps: ApiFetchDeps = {
  fetch: (...args) => fetch(...args),
  currentPath: () => window.location.pathname + window.location.search,
  signOut: signOutExpired,
  goToLogin: () => window.location.assign("/login"),
};

/** fetch, but a 401 signs out (see above) and rejects with SessionEndedError. */
export async function apiFetch(url: string, init?: RequestInit, deps: ApiFetchDeps = browserDeps): Promise<Response> {
  const response = await deps.fetch(url, init);
  if (response.status !== 401) return response;
  const next = afterUnauthorized(url, deps.currentPath());
  if (next.kind === "login") deps.goToLogin();
  else deps.signOut(next.redirectTo);
  throw new SessionEndedError();
}

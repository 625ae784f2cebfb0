/**
 * A code chunk that fails to load (most often: a new deployment removed the old assets) is cured
 * by loading the page again, once. A second failure within 10 seconds of that reload means the
 * reload did not help: the page stays as it is and the error shows instead of reloading forever.
 */

export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const RELOADED_AT_KEY = "plume.chunk-reload.at";

type Store = Pick<Storage, "getItem" | "setItem">;

/** Whether to reload now; if so, remembers when (sessionStorage: this tab only, survives the reload). */
export function claimChunkReload(store: Store, now = Date.now()): boolean {
  const last = Number(store.getItem(RELOADED_AT_KEY));
  if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  store.setItem(RELOADED_AT_KEY, String(now));
  return true;
}

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite's preload adds its own.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

function sessionStore(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): without a guard, never reload automatically.
    return null;
  }
}

/** Reloads the page for a failed chunk if the guard allows; returns whether it did. */
export function reloadForChunkFailure(error: unknown): boolean {
  const store = sessionStore();
  if (!store || !claimChunkReload(store)) {
    console.error("A code chunk failed to load again shortly after a reload: not reloading", error);
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * Vite reports the dynamic imports it manages (the page's translations, libraries loaded on
 * demand) with a `vite:preloadError` event; cancelling it stops the error being thrown.
 */
export function listenForChunkFailures() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForChunkFailure((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  });
}

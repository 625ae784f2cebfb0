// A deployment while a page is open: the page keeps running the old build (and may fail to load
// its next chunks). The browser asks the server for its build id about a second after start, then
// whenever the window gets focus and every five minutes, and offers a reload once they differ.
export const FIRST_CHECK_MS = 1000;
export const CHECK_INTERVAL_MS = 5 * 60 * 1000;

interface Options {
  /** The build this page was loaded with. */
  current: string;
  /** The server's build id now; null when it does not say (development). */
  fetchVersion: () => Promise<string | null>;
  onNewBuild: (version: string) => void;
  /** Where focus events come from (the window). */
  focusTarget: Pick<EventTarget, "addEventListener" | "removeEventListener">;
}

/** Starts watching; returns the function that stops. Stops by itself once a new build is seen. */
export function watchForNewBuild({ current, fetchVersion, onNewBuild, focusTarget }: Options): () => void {
  let stopped = false;
  let checking = false;

  async function check() {
    if (stopped || checking) return;
    checking = true;
    try {
      const version = await fetchVersion();
      if (!stopped && version && version !== current) {
        stop();
        onNewBuild(version);
      }
    } catch {
      // Offline or a server restarting: the next check will tell.
    } finally {
      checking = false;
    }
  }

  const onFocus = () => void check();
  const first = setTimeout(onFocus, FIRST_CHECK_MS);
  const interval = setInterval(onFocus, CHECK_INTERVAL_MS);
  focusTarget.addEventListener("focus", onFocus);

  function stop() {
    stopped = true;
    clearTimeout(first);
    clearInterval(interval);
    focusTarget.removeEventListener("focus", onFocus);
  }
  return stop;
}

/** The server's build id from /build-version. */
export async function fetchBuildVersion(): Promise<string | null> {
  const response = await fetch("/build-version", { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) return null;
  const body = (await response.json()) as { version?: unknown };
  return typeof body.version === "string" ? body.version : null;
}

import { useCallback, useRef, useState } from "react";
import { apiFetch, isSessionEnded } from "~/utils/api-fetch";
import type { DraftField } from "~/core/platforms/platforms";
import type { TranslationKey } from "~/modules/i18n/keys";

/** The texts so far, one per network (`draftField`: linkedinText, twitterText, blueskyText…). */
export type StreamedDraft = Partial<Record<DraftField, string>>;

type State =
  | { status: "idle" }
  | { status: "streaming"; draft: StreamedDraft }
  | { status: "done"; draft: StreamedDraft }
  | { status: "error"; message: string; messageKey?: TranslationKey };

/**
 * Posts a form to the AI draft route and reads its NDJSON answer line by line, so the texts
 * appear as the model writes them. Errors arrive either as a JSON error (before streaming) or as
 * an `error` line (after).
 */
export function useDraftStream() {
  const [state, setState] = useState<State>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(async (url: string, body: FormData): Promise<boolean> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: "streaming", draft: {} });
    try {
      const response = await apiFetch(url, { method: "POST", body, signal: abort.signal, headers: { Accept: "application/x-ndjson" } });
      if (!response.ok || !response.body) {
        const payload = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        setState({ status: "error", message: payload?.error?.message ?? "" });
        return false;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const line of lines) {
          if (!line.trim()) continue;
          const event = JSON.parse(line) as { type: string; draft?: StreamedDraft; messageKey?: TranslationKey };
          if (event.type === "partial") setState({ status: "streaming", draft: event.draft ?? {} });
          else if (event.type === "done") {
            setState({ status: "done", draft: event.draft ?? {} });
            return true;
          } else if (event.type === "error") {
            setState({ status: "error", message: "", messageKey: event.messageKey });
            return false;
          }
        }
      }
      setState({ status: "error", message: "" });
      return false;
    } catch (error) {
      // Aborted, or signed out after a 401 (the page is leaving): nothing to say.
      if ((error as Error).name === "AbortError" || isSessionEnded(error)) return false;
      setState({ status: "error", message: "" });
      return false;
    }
  }, []);

  return { state, start };
}

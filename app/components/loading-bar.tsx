import { useNavigation } from "@remix-run/react";
import { useEffect, useState, type CSSProperties } from "react";

// Shown only when a navigation lasts over 200 ms; creeps for 2 s; on completion it
// fills, fades after 500 ms and resets 400 ms later; 3 px high.
const THROTTLE_MS = 200;
const DURATION_MS = 2000;
const HIDE_DELAY_MS = 500;
const RESET_MS = 400;

type Phase = "idle" | "loading" | "done";

const styles: Record<Phase, CSSProperties> = {
  idle: { width: "0%", opacity: 0, transition: "none" },
  loading: { width: "90%", opacity: 1, transition: `width ${DURATION_MS}ms cubic-bezier(0.1, 0.6, 0.3, 1)` },
  done: { width: "100%", opacity: 0, transition: `width 150ms ease-out, opacity ${RESET_MS}ms ease ${HIDE_DELAY_MS}ms` },
};

export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("loading"), THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "loading" ? "done" : current));
  }, [busy]);

  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("idle"), HIDE_DELAY_MS + RESET_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div aria-hidden className="pointer-events-none fixed inset-x-0 top-0 z-[110] h-[3px]">
      <div data-phase={phase} className="h-full bg-primary shadow-[0_0_8px_var(--color-primary)]" style={styles[phase]} />
    </div>
  );
}

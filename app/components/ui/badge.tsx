import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

export type BadgeTone = "neutral" | "success" | "warning" | "info" | "error" | "primary";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-muted text-muted-foreground",
  success: "bg-success/10 text-success",
  warning: "bg-warning/10 text-warning",
  info: "bg-info/10 text-info",
  error: "bg-error/10 text-error",
  primary: "bg-accent text-accent-foreground",
};

export function Badge({ tone = "neutral", className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", tones[tone], className)}>
      {children}
    </span>
  );
}

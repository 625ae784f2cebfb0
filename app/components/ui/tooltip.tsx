import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";

// The product specification's timings: a tooltip shows after 700 ms of hover or focus; once one has shown, the next
// within 300 ms shows at once.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/**
 * Names an icon-only button for sighted users: `label` is the button's accessible name (its
 * aria-label or sr-only text), so the tooltip repeats it and is hidden from screen readers.
 * Without JavaScript the button is just itself.
 */
export function IconTooltip({ label, children, side = "top" }: { label: string; children: ReactElement; side?: "top" | "bottom" | "left" | "right" }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          aria-hidden
          className="z-[200] rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-md data-[state=delayed-open]:animate-[toast-enter_120ms_ease-out]"
          data-tooltip
        >
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}

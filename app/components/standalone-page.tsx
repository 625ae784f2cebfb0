import type { ReactNode } from "react";
import { Logo } from "~/components/layout/logo";

/** The payment pages have no site layout: a logo and one centred card. */
export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-muted/40 px-4 py-12">
      <Logo />
      <main id="main" className="w-full max-w-lg rounded-xl border bg-card p-8 text-center shadow-sm">
        {children}
      </main>
    </div>
  );
}

import type { IndexContent } from "~/modules/content/schemas";

/**
 * The home page's notes for this server: the paid plans' words (trial, guarantee) only where billing
 * is configured; elsewhere the self-hosted note, or nothing.
 */
export function withServerNotes(index: IndexContent, billingEnabled: boolean): IndexContent {
  const pick = (block: { note?: string; selfHostedNote?: string }) => (billingEnabled ? block.note : block.selfHostedNote);
  return {
    ...index,
    hero: { ...index.hero, note: pick(index.hero), selfHostedNote: undefined },
    cta: { ...index.cta, note: pick(index.cta), selfHostedNote: undefined },
  };
}

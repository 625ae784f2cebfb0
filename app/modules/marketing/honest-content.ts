import type { IndexContent } from "~/modules/content/schemas";

/**
 * The home page's words for this server: the paid plans' words (trial, guarantee, a waitlist
 * discount) only where billing is configured; elsewhere the self-hosted words, or nothing.
 */
export function withServerNotes(index: IndexContent, billingEnabled: boolean): IndexContent {
  const pick = (block: { note?: string; selfHostedNote?: string }) => (billingEnabled ? block.note : block.selfHostedNote);
  return {
    ...index,
    hero: {
      ...index.hero,
      note: pick(index.hero),
      selfHostedNote: undefined,
      badge: billingEnabled ? index.hero.badge : index.hero.selfHostedBadge,
      selfHostedBadge: undefined,
    },
    waitlist: {
      title: index.waitlist.title,
      description: billingEnabled ? index.waitlist.description : (index.waitlist.selfHostedDescription ?? index.waitlist.description),
      perk: billingEnabled ? index.waitlist.perk : (index.waitlist.selfHostedPerk ?? ""),
    },
    cta: { ...index.cta, note: pick(index.cta), selfHostedNote: undefined },
  };
}

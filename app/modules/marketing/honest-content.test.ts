import { describe, expect, it } from "vitest";
import type { IndexContent } from "~/modules/content/schemas";
import { withServerNotes } from "./honest-content";

const index = {
  hero: {
    badge: "Lifetime 20% off",
    title: "T",
    description: "D",
    primary: { label: "Go", to: "/signup" },
    note: "14-day Pro trial",
    selfHostedNote: "Free on this server",
  },
  waitlist: { title: "W", description: "Keep a lower price", perk: "20% off Pro", selfHostedDescription: "Hear about new features" },
  cta: { title: "T", description: "D", primary: { label: "Go", to: "/signup" }, note: "Money-back guarantee" },
} as unknown as IndexContent;

describe("withServerNotes", () => {
  it("speaks of trials and guarantees only where billing is configured", () => {
    expect(withServerNotes(index, true)).toMatchObject({ hero: { note: "14-day Pro trial" }, cta: { note: "Money-back guarantee" } });
    const selfHosted = withServerNotes(index, false);
    expect(selfHosted.hero.note).toBe("Free on this server");
    expect(selfHosted.cta.note).toBeUndefined();
  });

  it("speaks of a waitlist discount only where billing is configured", () => {
    expect(withServerNotes(index, true)).toMatchObject({
      hero: { badge: "Lifetime 20% off" },
      waitlist: { description: "Keep a lower price", perk: "20% off Pro" },
    });
    const selfHosted = withServerNotes(index, false);
    expect(selfHosted.hero.badge).toBeUndefined();
    expect(selfHosted.waitlist).toEqual({ title: "W", description: "Hear about new features", perk: "" });
  });
});

import { describe, expect, it } from "vitest";
import { createI18n } from "~/modules/i18n/i18n.server";
import { waitlistCountForms, waitlistCountText } from "./waitlist-count";

describe("the landing page's waitlist count", () => {
  it.each([
    ["en", 0, "Be the first professional on the list"],
    ["en", 1, "1 professional already registered"],
    ["en", 2, "2 professionals already registered"],
    ["en", 1234567, "1,234,567 professionals already registered"],
    ["fr", 0, "Soyez le premier professionnel inscrit"],
    ["fr", 1, "1 professionnel déjà inscrit"],
    ["fr", 2, "2 professionnels déjà inscrits"],
    ["fr", 1000000, "1\u202f000\u202f000 professionnels déjà inscrits"],
  ] as const)("in %s, %i", async (locale, count, text) => {
    const i18n = await createI18n(locale);
    expect(waitlistCountText(i18n.t, count)).toBe(text);
  });

  it("hands the page's script every form its language has", async () => {
    expect(Object.keys(waitlistCountForms(await createI18n("en"))).sort()).toEqual(["one", "other", "zero"]);
    expect(Object.keys(waitlistCountForms(await createI18n("fr"))).sort()).toEqual(["many", "one", "other", "zero"]);
  });
});

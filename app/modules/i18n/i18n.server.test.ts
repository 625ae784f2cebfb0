import type { i18n as I18n } from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/core/logger/logger.server";
import { createI18n, sharedI18n } from "./i18n.server";
import type { TranslationKey } from "./keys";

describe("a missing translation key", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(["en", "fr"] as const)("shows the key itself in %s and logs a warning", async (locale) => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const i18n = await createI18n(locale);
    expect(i18n.t("nav.pricing")).not.toBe("nav.pricing");
    expect(warn).not.toHaveBeenCalled();

    // A key the code cannot spell (typecheck refuses it) may still come from outside, e.g. an old cookie.
    expect(i18n.t("no.such.key" as TranslationKey)).toBe("no.such.key");
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ key: "no.such.key", namespace: "common" }), "Missing translation key");
  });
});

/** i18next's own lookup, which every translation goes through (not in its types). */
const translatorOf = (instance: I18n) => (instance as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator;

describe("the shared instance of a language", () => {
  it("is one per language and keeps its language", async () => {
    const [en, enAgain, fr] = await Promise.all([sharedI18n("en"), sharedI18n("en"), sharedI18n("fr")]);
    expect(enAgain).toBe(en);
    expect(fr).not.toBe(en);
    expect(en.getFixedT(null, "common")("nav.pricing")).toBe("Pricing");
    expect(fr.getFixedT(null, "common")("nav.pricing")).toBe("Tarifs");
  });

  it("asks i18next once for a plain key, and every time for a lookup with options", async () => {
    const en = await sharedI18n("en");
    const t = en.getFixedT(null, "common");
    expect(en.getFixedT(null, "common")).toBe(t);
    const translate = vi.spyOn(translatorOf(en), "translate");
    expect(t("posts.untitled")).toBe(t("posts.untitled"));
    const plainCalls = translate.mock.calls.length;
    expect(plainCalls).toBeLessThanOrEqual(1);
    expect(t("posts.calendar.more", { count: 1 })).toBe("+1 more");
    expect(t("posts.calendar.more", { count: 2 })).toBe("+2 more");
    expect(translate.mock.calls.length).toBe(plainCalls + 2);
    translate.mockRestore();
  });

  it("translates a key made from data to the key itself, and never remembers more than its bound", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const fr = await sharedI18n("fr");
    const t = fr.getFixedT(null, "common");
    for (let i = 0; i < 6_000; i++) expect(t(`made.up.${i}` as TranslationKey)).toBe(`made.up.${i}`);
    const translate = vi.spyOn(translatorOf(fr), "translate");
    t("made.up.0" as TranslationKey);
    expect(translate).not.toHaveBeenCalled();
    t("made.up.5999" as TranslationKey);
    expect(translate).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});

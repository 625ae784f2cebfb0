import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "~/core/logger/logger.server";
import { createI18n } from "./i18n.server";
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

import { describe, expect, it } from "vitest";
import { rateLimitedError } from "~/modules/rate-limit/rate-limit.server";
import { createI18n } from "./i18n.server";
import type { TranslationKey } from "./keys";
import { flattenKeys, PLURAL_SUFFIX, resources } from "./resources";

const pluralKeys = [...new Set(flattenKeys(resources.en.common).flatMap((key) => (PLURAL_SUFFIX.test(key) ? [key.replace(PLURAL_SUFFIX, "")] : [])))];

describe("counts said through i18next's plurals", () => {
  it.each(["en", "fr"] as const)("every counted sentence has a form for 0, 1, 2 and a million in %s", async (locale) => {
    const { t } = await createI18n(locale);
    for (const key of pluralKeys) {
      for (const count of [0, 1, 2, 1_000_000]) {
        const text = t(key as TranslationKey, { count, q: "q", events: "e", total: 1, max: 1, parts: "1, 2" });
        expect(text, `${key} ${count}`).not.toBe(key);
        expect(text, `${key} ${count}`).not.toContain("{{");
      }
    }
  });

  it.each([
    ["en", "posts.calendar.count", [0, 1, 2, 1_000_000], ["0 posts", "1 post", "2 posts", "1000000 posts"]],
    ["fr", "posts.calendar.count", [0, 1, 2, 1_000_000], ["0 publication", "1 publication", "2 publications", "1000000 publications"]],
    ["en", "admin.users.total", [0, 1, 2], ["0 users in all", "1 user in all", "2 users in all"]],
    ["fr", "admin.users.total", [0, 1, 2], ["0 utilisateur au total", "1 utilisateur au total", "2 utilisateurs au total"]],
    ["en", "posts.errors.tooManyImages", [1, 4], ["A post can have at most 1 image.", "A post can have at most 4 images."]],
    ["fr", "posts.errors.tooManyImages", [1, 4], ["Une publication peut avoir au plus 1 image.", "Une publication peut avoir au plus 4 images."]],
  ] as const)("in %s, %s", async (locale, key, counts, texts) => {
    const { t } = await createI18n(locale);
    expect(counts.map((count) => t(key, { count }))).toEqual(texts);
  });

  it.each([
    ["en", 30, "Too many attempts. Please try again in 1 minute."],
    ["en", 600, "Too many attempts. Please try again in 10 minutes."],
    ["fr", 30, "Trop de tentatives. Réessayez dans 1 minute."],
    ["fr", 600, "Trop de tentatives. Réessayez dans 10 minutes."],
  ] as const)("a rate limit says its wait in %s (%i s)", async (locale, seconds, text) => {
    const { t } = await createI18n(locale);
    const error = rateLimitedError(seconds);
    expect(t(error.messageKey, error.options.values)).toBe(text);
  });
});

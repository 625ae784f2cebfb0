import type { TFunction } from "i18next";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { NavItem } from "~/components/layout/navigation";
import { AppError } from "~/modules/errors/app-error";
import type { RouteHandle } from "~/utils/page-title";
import type { KeysUnder, Translate, TranslationKey } from "./keys";
import { isTranslationKey } from "./resources";

// These checks run in `npm run typecheck`: each @ts-expect-error must meet an error, so if keys
// stopped being typed (i18next.d.ts removed, a `string` put back), the directive itself would fail.
declare const t: TFunction;
declare const translate: Translate;

function misspelledKeysDoNotCompile() {
  // @ts-expect-error: no such key in app/locales/en/common.json
  t("nav.pricng");
  // @ts-expect-error: the same through the modules' Translate
  translate("errors.notFund");
  // @ts-expect-error: an AppError's message key
  void new AppError("not_found", "posts.errors.notFund");
  // @ts-expect-error: a field's message key
  void new AppError("validation_failed", "errors.validationFailed", { fields: { email: "validation.invalidEmial" } });
  // @ts-expect-error: a navigation label
  const item: NavItem = { to: "/pricing", labelKey: "nav.pricingg" };
  // @ts-expect-error: a page title
  const handle: RouteHandle = { title: "auth.login.titel" };
  return [item, handle];
}

describe("typed translation keys", () => {
  it("accept the keys of the English file, plural keys by their base name", () => {
    expectTypeOf<"nav.pricing">().toExtend<TranslationKey>();
    expectTypeOf<"posts.calendar.count">().toExtend<TranslationKey>();
    expectTypeOf<KeysUnder<"platforms">>().toEqualTypeOf<"linkedin" | "twitter" | "bluesky" | "mastodon">();
    expectTypeOf(misspelledKeysDoNotCompile).toBeFunction();
  });

  it("recognise a key read at run time (a schema's message), and nothing else", () => {
    expect(isTranslationKey("validation.invalidEmail")).toBe(true);
    expect(isTranslationKey("posts.calendar.count")).toBe(true);
    expect(isTranslationKey("posts.calendar.count_one")).toBe(true);
    expect(isTranslationKey("validation")).toBe(false);
    expect(isTranslationKey("validation.invalidEmial")).toBe(false);
    expect(isTranslationKey("Already translated text.")).toBe(false);
  });
});

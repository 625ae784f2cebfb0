import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/modules/i18n/resources";
import { deliveryReason, deliveryReasonLine } from "./reasons";
import type { Translate } from "~/modules/i18n/keys";

async function translator(lng: "en" | "fr") {
  const i18n = createInstance();
  await i18n.init({ lng, resources, defaultNS: "common", interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n) as Translate;
}

describe("why a delivery waits or failed", () => {
  it("says our own reasons in the user's language, quoting the platform where it helps", async () => {
    const en = await translator("en");
    const fr = await translator("fr");
    const crashed = { platform: "twitter", status: "failed", errorCode: "interrupted_too_often", error: "Every recent attempt stopped before it finished" };
    expect(deliveryReason(en, crashed)).toContain("interrupted several times in a row");
    expect(deliveryReason(fr, crashed)).toContain("interrompue plusieurs fois de suite");
    const limited = { platform: "linkedin", status: "failed", errorCode: "rate_limited_too_long", error: "DAY limit reached" };
    expect(deliveryReason(en, limited)).toMatch(/^LinkedIn was still refusing .* \(DAY limit reached\)/);
    expect(deliveryReason(fr, limited)).toContain("(DAY limit reached)");
  });

  it("quotes a platform's refusal as it came, and never promises a retry for a delivery that failed", async () => {
    const en = await translator("en");
    expect(deliveryReason(en, { platform: "twitter", status: "failed", errorCode: "duplicate", error: "Duplicate content." })).toBe("Duplicate content.");
    expect(deliveryReason(en, { platform: "twitter", status: "pending", errorCode: "server_error", error: "HTTP 503" })).toContain("will try again");
    expect(deliveryReason(en, { platform: "twitter", status: "failed", errorCode: "server_error", error: "HTTP 503" })).toBe("HTTP 503");
    expect(deliveryReason(en, { platform: "twitter", status: "published", errorCode: null, error: null })).toBeNull();
  });

  it("names the platform once in a line of the post's alert or the e-mail", async () => {
    const en = await translator("en");
    expect(deliveryReasonLine(en, { platform: "twitter", status: "failed", errorCode: "rate_limited_too_long", error: "Rate limit exceeded" })).toMatch(
      /^X \(Twitter\) was still refusing/,
    );
    expect(deliveryReasonLine(en, { platform: "linkedin", status: "failed", errorCode: "http_422", error: "Text too long" })).toBe("LinkedIn: Text too long");
    expect(deliveryReasonLine(en, { platform: "linkedin", status: "published", errorCode: null, error: null })).toBeNull();
  });
});

describe("a network's own codes (Mastodon, decision 57)", () => {
  it("are said in the user's language, the instance's message kept where it is the reason", async () => {
    const en = await translator("en");
    const fr = await translator("fr");
    const long = { platform: "mastodon", status: "failed", errorCode: "too_long", error: "This Mastodon instance takes 500 characters; this status has 600." };
    expect(deliveryReason(en, long)).toBe("The text is longer than Mastodon takes: shorten it, then retry.");
    expect(deliveryReason(fr, long)).toContain("plus long que ce que Mastodon accepte");
    const refused = { platform: "mastodon", status: "failed", errorCode: "validation_failed", error: "Validation failed: Text can't be blank" };
    expect(deliveryReason(fr, refused)).toBe("Mastodon a refusé la publication : Validation failed: Text can't be blank");
    for (const code of ["too_many_images", "media_processing", "parent_not_found", "instance_refused", "forbidden"]) {
      expect(deliveryReason(fr, { platform: "mastodon", status: "pending", errorCode: code, error: "English message" })).toMatch(/Mastodon/);
      expect(deliveryReason(fr, { platform: "mastodon", status: "pending", errorCode: code, error: "English message" })).not.toContain("English message");
    }
  });
});

import { describe, expect, it } from "vitest";
import { messageParts } from "./message-text";

describe("messageParts", () => {
  it("makes a known in-app path at the end of a message a link", () => {
    expect(messageParts("See the plans: /pricing")).toEqual([{ text: "See the plans: " }, { path: "/pricing" }]);
    expect(messageParts("Voir les offres : /pricing.")).toEqual([{ text: "Voir les offres : " }, { path: "/pricing" }, { text: "." }]);
  });

  it("leaves other text alone: unknown paths, paths inside words or longer paths", () => {
    for (const message of ["Please try again.", "Go to /profile", "see a/pricing", "see /pricing/extra", "see /pricingx"]) {
      expect(messageParts(message)).toEqual([{ text: message }]);
    }
  });
});

import { describe, expect, it } from "vitest";
import { dayFormatter, durationFormatter, numberFormatter, percentFormatter } from "./analytics-format";

describe("analytics formats", () => {
  it("follows the page's language", () => {
    expect(numberFormatter("en")(12345)).toBe("12,345");
    expect(numberFormatter("fr")(12345)).toBe("12\u202f345");
    expect(percentFormatter("en")(0.875)).toBe("87.5%");
    expect(percentFormatter("fr")(1)).toBe("100\u00a0%");
  });

  it("shows a day key as that calendar day whatever the server's zone", () => {
    expect(dayFormatter("en", "long")("2025-11-12")).toBe("November 12");
    expect(dayFormatter("fr", "short")("2025-11-01")).toBe("1 nov.");
  });

  it("picks seconds, minutes or hours", () => {
    const en = durationFormatter("en");
    expect(en(4.4)).toBe("4 sec");
    expect(en(90)).toBe("1.5 min");
    expect(en(7200)).toBe("2 hr");
    expect(durationFormatter("fr")(90)).toBe("1,5\u00a0min");
  });
});

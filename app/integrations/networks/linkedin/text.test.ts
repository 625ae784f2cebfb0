import { describe, expect, it } from "vitest";
import { checkLinkedinText, linkedinLength, truncateForLinkedin } from "./text";

describe("LinkedIn length rules", () => {
  it("counts LinkedIn text in characters, an emoji being one", () => {
    expect(linkedinLength("😀😀")).toBe(2);
    expect(checkLinkedinText("x".repeat(3000)).fits).toBe(true);
    expect(checkLinkedinText("x".repeat(3001)).fits).toBe(false);
  });

  it("truncates a text that is too long so it fits", () => {
    expect(checkLinkedinText(truncateForLinkedin("abc ".repeat(1000))).fits).toBe(true);
    expect(truncateForLinkedin("short")).toBe("short");
  });
});

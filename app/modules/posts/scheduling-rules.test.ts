import { describe, expect, it } from "vitest";
import { schedulingProblem, textFieldErrors, textsAreVersion1 } from "./scheduling-rules";

describe("textsAreVersion1", () => {
  it("is true while the version 1 fields say every text: one target of one part per network", () => {
    expect(textsAreVersion1([])).toBe(true);
    expect(
      textsAreVersion1([
        { network: "linkedin", parts: [{}] },
        { network: "twitter", parts: [{}] },
      ]),
    ).toBe(true);
    expect(textsAreVersion1([{ network: "twitter", parts: [{}, {}] }])).toBe(false);
    expect(
      textsAreVersion1([
        { network: "twitter", parts: [{}] },
        { network: "twitter", parts: [{}] },
      ]),
    ).toBe(false);
  });
});

describe("text checks through each network's rules", () => {
  const content = { platforms: ["linkedin", "twitter"] as const, linkedinText: "b".repeat(3001), twitterText: "漢".repeat(141) };

  it("keys each network's text to its version 1 field, counted as the network counts", () => {
    expect(textFieldErrors({ ...content, platforms: [...content.platforms] })).toEqual({
      linkedinText: "posts.errors.textOverLimitField",
      twitterText: "posts.errors.textOverLimitField",
    });
    const error = schedulingProblem({ ...content, platforms: ["twitter"] }, [], ["twitter"]);
    expect([error?.code, error?.options.values]).toEqual(["text_too_long", { platform: "X", length: 282, max: 280 }]);
  });

  it("leaves texts alone with texts: false, still checking what the parts do not", () => {
    expect(schedulingProblem({ ...content, platforms: ["twitter"] }, [], ["twitter"], { texts: false })).toBeNull();
    expect(schedulingProblem({ ...content, platforms: ["twitter"] }, [], [], { texts: false })?.code).toBe("accounts_not_connected");
  });
});

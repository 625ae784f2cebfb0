import { describe, expect, it } from "vitest";
import { customizedTargets } from "./target-divergence";

const target = (...texts: string[]) => ({ parts: texts.map((text) => ({ text })) });

describe("customizedTargets", () => {
  it("the text most targets share is the shared one; an own part 1 or more parts is customized", () => {
    expect(customizedTargets([target("Hello"), target("Hello"), target("Hello")])).toEqual([false, false, false]);
    expect(customizedTargets([target("Hello", "A comment"), target("Mine, 1/2", "2/2"), target("Hello ")])).toEqual([true, true, false]);
    expect(customizedTargets([target("Hello"), target("Hi"), target("Hello")])).toEqual([false, true, false]);
  });

  it("with no text held by two targets, each is its own; a lone target diverges from nothing", () => {
    expect(customizedTargets([target("Hello"), target("Hi")])).toEqual([true, true]);
    expect(customizedTargets([target("Alone", "2/2")])).toEqual([false]);
  });
});

import { describe, expect, it } from "vitest";
import { newMilestones, scrollDepthPercent } from "./scroll-depth";

describe("scroll depth", () => {
  it("measures the bottom of the window against the page, a page that fits being read whole", () => {
    expect(scrollDepthPercent(0, 800, 4000)).toBe(20);
    expect(scrollDepthPercent(1200, 800, 4000)).toBe(50);
    expect(scrollDepthPercent(3200, 800, 4000)).toBe(100);
    expect(scrollDepthPercent(0, 800, 600)).toBe(100);
  });

  it("reports each milestone once, several at a time after a jump", () => {
    expect(newMilestones(20, new Set())).toEqual([]);
    expect(newMilestones(80, new Set([25]))).toEqual([50, 75]);
    expect(newMilestones(100, new Set([25, 50, 75]))).toEqual([90]);
    expect(newMilestones(100, new Set([25, 50, 75, 90]))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { barChartGeometry, dayTickIndices, lineChartGeometry, PLOT_HEIGHT, PLOT_WIDTH } from "./chart-geometry";

describe("bar chart geometry", () => {
  it("gives each day a bar as tall as its value, from the baseline, left to right", () => {
    const { bars, yTicks } = barChartGeometry([0, 2, 8, 4]);
    expect(bars).toHaveLength(4);
    expect(bars[0]!.height).toBe(0);
    expect(bars[2]!.y).toBe(0); // 8 is the top of a domain made nice to [0, 8]
    expect(bars[2]!.height).toBe(PLOT_HEIGHT);
    expect(bars[1]!.height).toBeCloseTo(bars[3]!.height / 2);
    for (const bar of bars) expect(bar.y + bar.height).toBeCloseTo(PLOT_HEIGHT);
    for (let i = 1; i < bars.length; i++) expect(bars[i]!.x).toBeGreaterThan(bars[i - 1]!.x + bars[i - 1]!.width);
    expect(bars[3]!.x + bars[3]!.width).toBeLessThan(PLOT_WIDTH);
    expect(yTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8]);
    expect(yTicks[0]!.percent).toBe(100);
    expect(yTicks.at(-1)!.percent).toBe(0);
  });

  it("keeps whole-number ticks and a visible scale when every day is 0 or 1", () => {
    expect(barChartGeometry([0, 0, 0]).yTicks.every((t) => Number.isInteger(t.value))).toBe(true);
    const { yTicks, bars } = barChartGeometry([1, 0]);
    expect(yTicks.map((t) => t.value)).toEqual([0, 1, 2, 3, 4]);
    expect(bars[0]!.height).toBeCloseTo(PLOT_HEIGHT / 4);
  });

  it("labels today and every seventh day before it, centred on their bars", () => {
    expect(dayTickIndices(30)).toEqual([1, 8, 15, 22, 29]);
    const { bars, xTicks } = barChartGeometry(Array.from({ length: 30 }, () => 1));
    const last = bars[29]!;
    expect(xTicks.at(-1)).toEqual({ value: 29, percent: ((last.x + last.width / 2) / PLOT_WIDTH) * 100 });
  });
});

describe("line chart geometry", () => {
  it("draws one path per series through each day's value on a shared scale", () => {
    const { paths, yTicks, xTicks } = lineChartGeometry([
      [0, 4, 2],
      [1, 1, 1],
    ]);
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/^M100,200C/); // first day, value 0 (bottom), a curve onwards
    expect(paths[0]).toMatch(/500,100$/); // last day, value 2 of 4 (half way)
    expect(paths[1]).toMatch(/^M100,150/);
    expect(yTicks.at(-1)!.value).toBe(4);
    expect(xTicks.map((t) => t.percent)).toEqual([(500 / PLOT_WIDTH) * 100]);
  });
});

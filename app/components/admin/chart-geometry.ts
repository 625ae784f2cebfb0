import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { curveMonotoneX, line } from "d3-shape";

// Chart geometry, computed with d3-scale and d3-shape. The SVG's plot area is PLOT_WIDTH x
// PLOT_HEIGHT user units stretched to its box (preserveAspectRatio="none"); axis labels are HTML
// placed at the same positions in percent, so text stays readable at any width.

export const PLOT_WIDTH = 600;
export const PLOT_HEIGHT = 200;

export interface AxisTick {
  value: number;
  /** Distance from the top (y) or the left (x) edge of the plot, in percent. */
  percent: number;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

function valueScale(max: number) {
  // Whole numbers only: a count axis never shows 0.5.
  return scaleLinear()
    .domain([0, Math.max(max, 4)])
    .nice(4)
    .range([PLOT_HEIGHT, 0]);
}

function valueTicks(scale: ReturnType<typeof valueScale>): AxisTick[] {
  return scale
    .ticks(4)
    .filter(Number.isInteger)
    .map((value) => ({ value, percent: (scale(value) / PLOT_HEIGHT) * 100 }));
}

/** Which days get a label: the last one (today) and every `step` days before it. */
export function dayTickIndices(count: number, step = 7): number[] {
  const indices: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) indices.unshift(i);
  return indices;
}

function dayTicks(count: number, centre: (i: number) => number): AxisTick[] {
  return dayTickIndices(count).map((i) => ({ value: i, percent: (centre(i) / PLOT_WIDTH) * 100 }));
}

export function barChartGeometry(values: number[]) {
  const x = scaleBand<number>()
    .domain(values.map((_, i) => i))
    .range([0, PLOT_WIDTH])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const y = valueScale(Math.max(0, ...values));
  const bars: Bar[] = values.map((value, i) => ({ x: x(i)!, y: y(value), width: x.bandwidth(), height: PLOT_HEIGHT - y(value) }));
  return { bars, yTicks: valueTicks(y), xTicks: dayTicks(values.length, (i) => x(i)! + x.bandwidth() / 2) };
}

export function lineChartGeometry(series: number[][]) {
  const count = series[0]?.length ?? 0;
  const x = scalePoint<number>()
    .domain(Array.from({ length: count }, (_, i) => i))
    .range([0, PLOT_WIDTH])
    .padding(0.5);
  const y = valueScale(Math.max(0, ...series.flat()));
  // Monotone: the curve never overshoots below 0 or above a day's value.
  const path = line<number>()
    .x((_, i) => x(i)!)
    .y((value) => y(value))
    .curve(curveMonotoneX);
  return { paths: series.map((values) => path(values) ?? ""), yTicks: valueTicks(y), xTicks: dayTicks(count, (i) => x(i)!) };
}

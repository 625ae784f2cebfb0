import type { CSSProperties, ReactNode } from "react";
import { cn } from "~/utils/cn";
import { barChartGeometry, lineChartGeometry, PLOT_HEIGHT, PLOT_WIDTH, type AxisTick } from "./chart-geometry";

// Server-rendered SVG charts (no JavaScript needed). Colours are the theme's tokens (Tailwind
// fill-/stroke- classes on its CSS variables), so they follow light and dark. The SVG is role="img"
// with a label that says what it shows; the numbers themselves are in the table beside it.

export interface ChartSeries {
  name: string;
  values: number[];
  /** Tailwind classes for the line (stroke-…) and its legend swatch (bg-…). */
  stroke: string;
  swatch: string;
  dashed?: boolean;
}

interface FrameProps {
  label: string;
  yTicks: AxisTick[];
  xTicks: AxisTick[];
  dayLabel: (index: number) => string;
  formatNumber: (value: number) => string;
  children: ReactNode;
}

/** A label centred under its day, or flush with the plot's edge near one, so it never spills out. */
function edgeAware(percent: number): CSSProperties {
  if (percent > 94) return { right: 0 };
  if (percent < 6) return { left: 0 };
  return { left: `${percent}%`, transform: "translateX(-50%)" };
}

const gridLine = "stroke-border [vector-effect:non-scaling-stroke]";

function ChartFrame({ label, yTicks, xTicks, dayLabel, formatNumber, children }: FrameProps) {
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-muted-foreground tabular-nums">
      <div aria-hidden className="relative h-44 min-w-6 sm:h-52">
        {yTicks.map((tick) => (
          <span key={tick.value} className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${tick.percent}%` }}>
            {formatNumber(tick.value)}
          </span>
        ))}
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
        className="block h-44 w-full overflow-visible sm:h-52"
      >
        {yTicks.map((tick) => (
          <line key={tick.value} x1={0} x2={PLOT_WIDTH} y1={PLOT_HEIGHT * (tick.percent / 100)} y2={PLOT_HEIGHT * (tick.percent / 100)} className={gridLine} />
        ))}
        {children}
      </svg>
      <div aria-hidden className="relative col-start-2 mt-2 h-4">
        {xTicks.map((tick) => (
          <span key={tick.value} className="absolute leading-none whitespace-nowrap" style={edgeAware(tick.percent)}>
            {dayLabel(tick.value)}
          </span>
        ))}
      </div>
    </div>
  );
}

interface ChartProps {
  label: string;
  dayLabel: (index: number) => string;
  formatNumber: (value: number) => string;
}

export function BarChart({ values, className, ...props }: ChartProps & { values: number[]; className?: string }) {
  const { bars, yTicks, xTicks } = barChartGeometry(values);
  return (
    <ChartFrame yTicks={yTicks} xTicks={xTicks} {...props}>
      {bars.map((bar, i) => (
        <rect key={i} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={cn("fill-primary", className)} />
      ))}
    </ChartFrame>
  );
}

export function LineChart({ series, ...props }: ChartProps & { series: ChartSeries[] }) {
  const { paths, yTicks, xTicks } = lineChartGeometry(series.map((s) => s.values));
  return (
    <ChartFrame yTicks={yTicks} xTicks={xTicks} {...props}>
      {series.map((s, i) => (
        <path
          key={s.name}
          d={paths[i]}
          fill="none"
          strokeWidth={2.5}
          strokeLinejoin="round"
          strokeLinecap="round"
          strokeDasharray={s.dashed ? "6 5" : undefined}
          className={cn(s.stroke, "[vector-effect:non-scaling-stroke]")}
        />
      ))}
    </ChartFrame>
  );
}

/** The series' names with their colours (and dashes), above a line chart. */
export function ChartLegend({ series }: { series: Pick<ChartSeries, "name" | "swatch" | "dashed">[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      {series.map((s) => (
        <li key={s.name} className="flex items-center gap-2">
          <span
            aria-hidden
            className={cn("h-1 w-5 rounded-full", s.swatch, s.dashed && "[mask:repeating-linear-gradient(90deg,#000_0_6px,transparent_6px_10px)]")}
          />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

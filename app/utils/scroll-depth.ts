/** The scroll-depth milestones reported once per page view, in percent. */
export const SCROLL_MILESTONES = [25, 50, 75, 90] as const;

/** How far down the page the bottom of the window is, 0 to 100 (a page that fits is read whole). */
export function scrollDepthPercent(scrollY: number, viewportHeight: number, pageHeight: number): number {
  if (pageHeight <= viewportHeight) return 100;
  return Math.min(100, Math.max(0, Math.round(((scrollY + viewportHeight) / pageHeight) * 100)));
}

/** The milestones passed by reaching `depth` that were not passed before (`reported`). */
export function newMilestones(depth: number, reported: ReadonlySet<number>): number[] {
  return SCROLL_MILESTONES.filter((milestone) => depth >= milestone && !reported.has(milestone));
}

/**
 * The one coordinate system both charts draw in. The SVG scales to its box (viewBox), so the
 * server renders the final picture (no measuring in the browser, nothing moves on hydration);
 * the numbers are large enough to read at a phone's width (390 px shows it at about 0.8×).
 */
export const CHART = { width: 480, height: 260, margin: { top: 24, right: 24, bottom: 48, left: 52 }, fontSize: 13 } as const;
export const innerWidth = CHART.width - CHART.margin.left - CHART.margin.right;
export const innerHeight = CHART.height - CHART.margin.top - CHART.margin.bottom;

/** Tick label props: the page's text colour, the chart's font size. */
export const tickLabel = () => ({ fill: "var(--ui-text)", fontSize: CHART.fontSize, fontFamily: "inherit" });
export const axisLabelProps = { fill: "var(--ui-text)", fontSize: CHART.fontSize, fontFamily: "inherit", fontWeight: 600 } as const;

/**
 * Ticks for an axis that counts attempts: whole numbers only (no 0.5 attempt), at most
 * about `count` of them, from 0 to the nice top of the scale (issue 25 point 6).
 */
export function integerTicks(top: number, count = 4): number[] {
  const step = Math.max(1, Math.ceil(top / count));
  const ticks: number[] = [];
  // The last tick is at or above the top, so the tallest bar never rises past the last label.
  for (let value = 0; ; value += step) {
    ticks.push(value);
    if (value >= top) return ticks;
  }
}

import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { PatternLines } from "@visx/pattern";
import { scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import type { ScoreBin } from "../../../api/services/results/item-analysis/schemas";
import { ChartFigure } from "./ChartFigure";
import { axisLabelProps, CHART, innerHeight, innerWidth, integerTicks, tickLabel } from "./chart-frame";

/**
 * The histogram of finished attempts' percentages in 10-point bands (ADR 0042). Readable
 * without colour: hatched bars with an outline, each with its count written above it; the
 * same numbers as a table for screen readers and a one-line summary under the title.
 */
export function ScoreDistributionChart({ bins }: { bins: ScoreBin[] }) {
  const { t } = useTranslation("analysis");
  const patternId = `${useId()}-hatch`;
  const rangeOf = (bin: ScoreBin) => t("distribution.range", { from: bin.from, to: bin.to });
  // A true histogram: the axis marks the bands' edges (0, 10, … 100), the bars touch but for a hairline.
  const x = scaleLinear({ domain: [0, 100], range: [0, innerWidth] });
  const GAP = 2;
  const most = Math.max(1, ...bins.map((bin) => bin.count));
  // The axis counts attempts: its top and every tick a whole number (never 0.5 of an attempt).
  const ticks = integerTicks(most);
  const top = Math.max(most, ticks[ticks.length - 1]);
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0] });
  const fullest = bins.reduce((best, bin) => (bin.count > best.count ? bin : best), bins[0]);
  return (
    <ChartFigure
      title={t("distribution.title")}
      caption={`${t("distribution.caption")} ${t("distribution.summary", { range: rangeOf(fullest), count: fullest.count })}`}
      columns={[t("distribution.band"), t("distribution.axisY")]}
      rows={bins.map((bin) => ({ key: bin.from, heading: rangeOf(bin), cells: [bin.count] }))}
    >
      <svg className="analysis-chart__svg" viewBox={`0 0 ${CHART.width} ${CHART.height}`} aria-hidden="true" focusable="false">
        <PatternLines id={patternId} height={8} width={8} stroke="var(--ui-primary)" strokeWidth={2} orientation={["diagonal"]} background="var(--ui-primary-soft)" />
        <Group left={CHART.margin.left} top={CHART.margin.top}>
          {bins.map((bin) => {
            const barY = y(bin.count);
            const left = x(bin.from) + GAP;
            const width = x(bin.to) - x(bin.from) - 2 * GAP;
            return (
              <g key={bin.from}>
                {bin.count > 0 && <Bar x={left} y={barY} width={width} height={innerHeight - barY} fill={`url(#${patternId})`} stroke="var(--ui-primary)" strokeWidth={1.5} />}
                <text x={left + width / 2} y={barY - 6} textAnchor="middle" {...tickLabel()}>
                  {bin.count}
                </text>
              </g>
            );
          })}
          <AxisLeft scale={y} tickValues={ticks} tickFormat={(value) => String(value)} tickLabelProps={tickLabel} stroke="var(--ui-border-strong)" tickStroke="var(--ui-border-strong)" label={t("distribution.axisY")} labelProps={axisLabelProps} labelOffset={30} />
          <AxisBottom top={innerHeight} scale={x} tickValues={bins.map((bin) => bin.from).concat(100)} tickFormat={(value) => String(value)} tickLabelProps={tickLabel} stroke="var(--ui-border-strong)" tickStroke="var(--ui-border-strong)" label={t("distribution.axisX")} labelProps={axisLabelProps} />
        </Group>
      </svg>
    </ChartFigure>
  );
}

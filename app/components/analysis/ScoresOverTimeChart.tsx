import { useTranslation } from "react-i18next";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleLinear, scaleUtc } from "@visx/scale";
import { LinePath } from "@visx/shape";
import type { ScoreDay } from "../../../api/services/results/item-analysis/schemas";
import { ChartFigure } from "./ChartFigure";
import { axisLabelProps, CHART, innerHeight, innerWidth, tickLabel } from "./chart-frame";
import { formatPercent } from "./format";

const DAY_MS = 86_400_000;
/** Above this many days the points carry no value labels (they would overlap); the table has them all. */
const LABELLED_POINTS = 12;
/** Day labels on the axis: at most this many, spread evenly over the days that have attempts. */
const DAY_TICKS = 4;

/** Up to `count` of the days, first and last included, evenly spread. */
function spreadDays(days: ScoreDay[], count: number): Date[] {
  const picks = days.length <= count ? days.map((_, i) => i) : Array.from({ length: count }, (_, k) => Math.round((k * (days.length - 1)) / (count - 1)));
  return picks.map((i) => new Date(dayMs(days[i].day)));
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The average score of each day's submissions (days of the school's calendar, named: ADR 0082
 * addendum), 0–100 %. Readable
 * without colour: a line with a marked point per day, the values written beside the points
 * while there are few; the same numbers as a table for screen readers, and a summary.
 */
export function ScoresOverTimeChart({ days, timeZone }: { days: ScoreDay[]; timeZone: string }) {
  const { t, i18n } = useTranslation("analysis");
  // A day is a calendar date of `timeZone` (the caption names it); its midnight in UTC only places it on the axis.
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  const longDayFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const longDay = (epochMs: number) => longDayFormat.format(new Date(epochMs));
  const first = dayMs(days[0].day);
  const last = dayMs(days[days.length - 1].day);
  // Half a day of room either side, so the first and last points and their labels stay clear of the edges.
  const room = Math.max(DAY_MS / 2, (last - first) * 0.06);
  const x = scaleUtc({ domain: [new Date(first - room), new Date(last + room)], range: [0, innerWidth] });
  const y = scaleLinear({ domain: [0, 100], range: [innerHeight, 0] });
  const point = (day: ScoreDay) => ({ cx: x(new Date(dayMs(day.day))), cy: y(day.averagePercentage) });
  const percent = (value: number) => formatPercent(value / 100, i18n.language);
  return (
    <ChartFigure
      title={t("overTime.title")}
      caption={`${t("overTime.caption", { zone: timeZone })} ${t("overTime.summary", {
        first: longDay(first),
        last: longDay(last),
        firstAverage: percent(days[0].averagePercentage),
        lastAverage: percent(days[days.length - 1].averagePercentage),
      })}`}
      columns={[t("overTime.day"), t("overTime.attempts"), t("overTime.average")]}
      rows={days.map((day) => ({ key: day.day, heading: longDay(dayMs(day.day)), cells: [day.attempts, percent(day.averagePercentage)] }))}
    >
      <svg className="analysis-chart__svg" viewBox={`0 0 ${CHART.width} ${CHART.height}`} aria-hidden="true" focusable="false">
        <Group left={CHART.margin.left} top={CHART.margin.top}>
          {[25, 50, 75, 100].map((value) => (
            <line key={value} x1={0} x2={innerWidth} y1={y(value)} y2={y(value)} stroke="var(--ui-border)" strokeDasharray="3 4" />
          ))}
          <LinePath data={days} x={(day) => point(day).cx} y={(day) => point(day).cy} stroke="var(--ui-primary)" strokeWidth={2} />
          {days.map((day) => {
            const { cx, cy } = point(day);
            return (
              <g key={day.day}>
                <rect x={cx - 4} y={cy - 4} width={8} height={8} fill="var(--ui-surface)" stroke="var(--ui-primary)" strokeWidth={2} />
                {days.length <= LABELLED_POINTS && (
                  <text x={cx} y={cy - 10} textAnchor="middle" {...tickLabel()}>
                    {Math.round(day.averagePercentage)}
                  </text>
                )}
              </g>
            );
          })}
          <AxisLeft scale={y} tickValues={[0, 25, 50, 75, 100]} tickLabelProps={tickLabel} stroke="var(--ui-border-strong)" tickStroke="var(--ui-border-strong)" label={t("overTime.axisY")} labelProps={axisLabelProps} labelOffset={30} />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={spreadDays(days, DAY_TICKS)}
            tickFormat={(value) => dayFormat.format(value as Date)}
            tickLabelProps={tickLabel}
            stroke="var(--ui-border-strong)"
            tickStroke="var(--ui-border-strong)"
            label={t("overTime.axisX")}
            labelProps={axisLabelProps}
          />
        </Group>
      </svg>
    </ChartFigure>
  );
}

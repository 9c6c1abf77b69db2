import { zonedDayReader } from "../../core/dates";
import { DISTRIBUTION_BIN_WIDTH } from "./thresholds";

/**
 * A quiz's finished attempts as one process keeps them for item analysis (kept-attempts.ts,
 * ADR 0072 addendum): per attempt what its score and its answers add to the page, and the sums
 * over all of them, kept up to date by taking an attempt out and putting it back when it
 * changes. Every sum is exact (whole numbers: marks in 10⁻⁷, percentages in 10⁻⁸, squares as
 * BigInt), so sums built up change by change equal sums made from nothing, to the last bit,
 * whatever the order. Pure: no database here.
 */

/** One group of answers to one question as item analysis tells them apart (statistics.ts `AnswerGroup`). */
export interface GroupKey {
  questionId: number;
  /** The saved JSON list of chosen option ids ("[]" for the other types), as stored. */
  selected: string;
  fractionE7: number | null;
  /** The stored status where the answer has neither a fraction nor a choice, else '' (item-analysis-sql.ts `GROUP_STATUS`). */
  status: string;
}

/** One finished attempt: what the fingerprint reads, what the scores read, and which group each of its answers falls in. */
export interface AttemptRecord {
  id: number;
  version: number;
  submittedAt: number;
  percentage: number;
  /** Its total in marks (score_e7 / 1e7), or its correct count for attempts graded before marks. */
  total: number;
  /** Indices into the quiz's group table, one per answer. */
  groups: number[];
}

/** Count, Σ total (10⁻⁷ marks, exact below 2⁵³: 900 million attempts of 100 marks) and Σ total² (10⁻¹⁴, BigInt). */
class TotalSums {
  count = 0;
  sumE7 = 0;
  sumSquaredE14 = 0n;

  add(totalE7: number, squaredE14: bigint, sign: 1 | -1) {
    this.count += sign;
    this.sumE7 += sign * totalE7;
    if (sign === 1) this.sumSquaredE14 += squaredE14;
    else this.sumSquaredE14 -= squaredE14;
  }
  get sum() {
    return this.sumE7 / 1e7;
  }
  get sumSquared() {
    return Number(this.sumSquaredE14) / 1e14;
  }
}

/** What the page shows of the attempts' scores, and the grouped answers with the sums of their attempts' totals. */
export interface FoldedAttempts {
  summary: { count: number; average: number; sumTotal: number; sumTotalSquared: number };
  /** Per bin of the distribution (0…9), how many attempts. */
  bins: Map<number, number>;
  /** Per quarter hour of submission (its first moment, epoch ms), how many attempts and Σ percentage in 10⁻⁸, in time order: days in any zone are made of them (`scoresByDay`). */
  quarters: QuarterScores[];
  answers: (GroupKey & { chosen: number; totalSum: number; totalSquaredSum: number })[];
}

const LAST_BIN = 100 / DISTRIBUTION_BIN_WIDTH - 1;
/**
 * Attempts are kept by the quarter hour they were submitted in, not by day: every zone's offset
 * from UTC is a whole number of quarter hours (India's +5:30, Nepal's +5:45 too), so a quarter
 * falls in one day of any zone, and the same kept attempts give the days of whatever zone the
 * school chooses, now or later (ADR 0082 addendum).
 */
const QUARTER_SECONDS = 900;

export interface QuarterScores {
  startMs: number;
  attempts: number;
  percentagesE8: number;
}
const toE7 = (marks: number) => Math.round(marks * 1e7);
const toE8 = (percentage: number) => Math.round(percentage * 1e8);

/** The kept attempts of one quiz and every sum over them. */
export class KeptAttempts {
  readonly records = new Map<number, AttemptRecord>();
  private readonly groupKeys: GroupKey[] = [];
  private readonly groupIndex = new Map<string, number>();
  private readonly groupSums: TotalSums[] = [];
  private readonly all = new TotalSums();
  private percentagesE8 = 0;
  private ids = 0;
  private versions = 0;
  private last = 0;
  /** The attempt submitted last went: `last` is read again from the records when next asked. */
  private lastGone = false;
  private readonly bins = new Map<number, number>();
  /** Per quarter hour since the epoch: attempts and Σ percentage in 10⁻⁸. */
  private readonly quarters = new Map<number, { attempts: number; percentagesE8: number }>();

  /** The index of a group, made on first sight. */
  groupOf(key: GroupKey): number {
    const text = `${key.questionId}\u0000${key.selected}\u0000${key.fractionE7 ?? ""}\u0000${key.status}`;
    let index = this.groupIndex.get(text);
    if (index === undefined) {
      index = this.groupKeys.length;
      this.groupKeys.push({ questionId: key.questionId, selected: key.selected, fractionE7: key.fractionE7, status: key.status });
      this.groupSums.push(new TotalSums());
      this.groupIndex.set(text, index);
    }
    return index;
  }

  /** Adds an attempt, or takes out the one kept under its id first. */
  put(record: AttemptRecord) {
    const old = this.records.get(record.id);
    // A regrade keeps its submission time: the last submission stays where it is.
    if (old) this.count(old, -1, record.submittedAt >= old.submittedAt);
    this.records.set(record.id, record);
    this.count(record, 1);
  }

  remove(id: number) {
    const record = this.records.get(id);
    if (!record) return;
    this.records.delete(id);
    this.count(record, -1);
  }

  private count(record: AttemptRecord, sign: 1 | -1, lastStays = false) {
    const totalE7 = toE7(record.total);
    // Squared once per attempt, added once per answer: a BigInt product costs more than a sum.
    const squaredE14 = BigInt(totalE7) * BigInt(totalE7);
    const percentageE8 = toE8(record.percentage);
    this.all.add(totalE7, squaredE14, sign);
    this.percentagesE8 += sign * percentageE8;
    this.ids += sign * record.id;
    this.versions += sign * record.version;
    const bin = Math.min(Math.trunc(record.percentage / DISTRIBUTION_BIN_WIDTH), LAST_BIN);
    bump(this.bins, bin, sign);
    const quarter = Math.floor(Math.trunc(record.submittedAt / 1000) / QUARTER_SECONDS);
    const seen = this.quarters.get(quarter) ?? { attempts: 0, percentagesE8: 0 };
    seen.attempts += sign;
    seen.percentagesE8 += sign * percentageE8;
    if (seen.attempts === 0) this.quarters.delete(quarter);
    else this.quarters.set(quarter, seen);
    for (const g of record.groups) this.groupSums[g].add(totalE7, squaredE14, sign);
    if (sign === 1) this.last = Math.max(this.last, record.submittedAt);
    else if (record.submittedAt === this.last && !lastStays) this.lastGone = true;
  }

  /** The fingerprint the page's one statement reads (item-analysis-sql.ts), of the kept attempts: equal means the kept attempts are the stored ones. */
  get fingerprint(): string {
    if (this.lastGone) {
      this.last = 0;
      for (const record of this.records.values()) this.last = Math.max(this.last, record.submittedAt);
      this.lastGone = false;
    }
    return `${this.all.count}:${this.ids}:${this.versions}:${this.last}`;
  }

  fold(): FoldedAttempts {
    const count = this.all.count;
    return {
      summary: { count, average: count === 0 ? 0 : this.percentagesE8 / 1e8 / count, sumTotal: this.all.sum, sumTotalSquared: this.all.sumSquared },
      bins: new Map([...this.bins].filter(([, n]) => n > 0)),
      quarters: [...this.quarters].sort(([a], [b]) => a - b).map(([quarter, sums]) => ({ startMs: quarter * QUARTER_SECONDS * 1000, ...sums })),
      answers: this.groupKeys.flatMap((key, g) => {
        const sums = this.groupSums[g];
        return sums.count > 0 ? [{ ...key, chosen: sums.count, totalSum: sums.sum, totalSquaredSum: sums.sumSquared }] : [];
      }),
    };
  }
}

function bump(counts: Map<number, number>, key: number, by: number) {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** Per day of submission on the zone's calendar (YYYY-MM-DD), oldest first: how many attempts and their mean percentage. */
export function scoresByDay(quarters: readonly QuarterScores[], timeZone: string): { day: string; attempts: number; average: number }[] {
  const dayOf = zonedDayReader(timeZone);
  const days: { day: string; attempts: number; percentagesE8: number }[] = [];
  for (const quarter of quarters) {
    const day = dayOf(quarter.startMs);
    const last = days.at(-1);
    // Quarters come in time order, so a day's quarters are neighbours.
    if (last?.day === day) {
      last.attempts += quarter.attempts;
      last.percentagesE8 += quarter.percentagesE8;
    } else days.push({ day, attempts: quarter.attempts, percentagesE8: quarter.percentagesE8 });
  }
  return days.map(({ day, attempts, percentagesE8 }) => ({ day, attempts, average: percentagesE8 / 1e8 / attempts }));
}

import { NO_TIME_LIMIT } from "../../../db/schema/quizzes";

/**
 * The settings one student takes a quiz with (issue 27 point 2, ADR 0079), decided by one
 * pure rule so the pool, the quiz view and the start never disagree:
 *
 * 1. Each of the student's classes the quiz is set for gives its own value, or the quiz's
 *    where it has none.
 * 2. Of those, the most generous: the earliest start, the latest end, the longest time (no
 *    limit beats any), the most attempts. A student of no class of the quiz (a quiz set for
 *    no class) has the quiz's.
 * 3. A per-student override replaces what it sets (Moodle's user overrides).
 *
 * Dates are epoch seconds; null means "no bound" (a Published quiz has neither).
 * The SQL twin of the window (quiz-access.ts studentWindowOpen) follows the same steps.
 */
export interface QuizSettings {
  startDate: number | null;
  endDate: number | null;
  /** Minutes; -1 = no limit. */
  time: number;
  attemptsAllowed: number;
}

export interface ClassSettings {
  startDate: number | null;
  endDate: number | null;
  time: number | null;
  attemptsAllowed: number | null;
  /** Null or "" = the quiz's password. */
  password: string | null;
}

export type OverrideSettings = Omit<ClassSettings, "password">;

export interface EffectiveSettings extends QuizSettings {
  /** Any of these opens the quiz for the student; empty = no password. */
  passwords: string[];
}

const earliest = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.min(a, b));
const latest = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b));
const longest = (a: number, b: number) => (a === NO_TIME_LIMIT || b === NO_TIME_LIMIT ? NO_TIME_LIMIT : Math.max(a, b));

export function effectiveSettings(quiz: QuizSettings & { password: string }, classes: readonly ClassSettings[], override: OverrideSettings | null): EffectiveSettings {
  const own = classes.map((set) => ({
    startDate: set.startDate ?? quiz.startDate,
    endDate: set.endDate ?? quiz.endDate,
    time: set.time ?? quiz.time,
    attemptsAllowed: set.attemptsAllowed ?? quiz.attemptsAllowed,
    password: set.password || quiz.password,
  }));
  const merged = own.length === 0
    ? { startDate: quiz.startDate, endDate: quiz.endDate, time: quiz.time, attemptsAllowed: quiz.attemptsAllowed }
    : own.slice(1).reduce(
        (best, set) => ({
          startDate: earliest(best.startDate, set.startDate),
          endDate: latest(best.endDate, set.endDate),
          time: longest(best.time, set.time),
          attemptsAllowed: Math.max(best.attemptsAllowed, set.attemptsAllowed),
        }),
        { startDate: own[0].startDate, endDate: own[0].endDate, time: own[0].time, attemptsAllowed: own[0].attemptsAllowed },
      );
  const passwords = own.length === 0 ? [quiz.password] : own.map((set) => set.password);
  return {
    startDate: override?.startDate ?? merged.startDate,
    endDate: override?.endDate ?? merged.endDate,
    time: override?.time ?? merged.time,
    attemptsAllowed: override?.attemptsAllowed ?? merged.attemptsAllowed,
    // A class of theirs without any password lets them in without one.
    passwords: passwords.includes("") ? [] : [...new Set(passwords)],
  };
}

/** Open at `nowSeconds` for these settings: inclusive at both ends, like the quiz's own dates. */
export function isOpenAt(settings: Pick<QuizSettings, "startDate" | "endDate">, nowSeconds: number): boolean {
  return (settings.startDate === null || settings.startDate <= nowSeconds) && (settings.endDate === null || nowSeconds <= settings.endDate);
}

/** A date of the settings (epoch seconds) as the student's pages take it (epoch ms); null = no bound. */
export function msOf(seconds: number | null): number | null {
  return seconds === null ? null : seconds * 1000;
}

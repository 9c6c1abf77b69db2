import type { QuizAttempt } from "../../../db/schema/attempts";

/** The cells every results CSV writes alike (the stats and board export, the reports: ADR 0041, 0081). */

/** Two decimals at most: 83.33, not 83.33333333333333. */
export const percentCell = (value: number) => Math.round(Number(value) * 100) / 100;
/** "2026-11-23 09:00:42", UTC: what spreadsheet programs read as a date and time. */
export const utcCell = (epochMs: number) => new Date(Number(epochMs)).toISOString().replace("T", " ").replace(/\.\d{3}Z$/, "");
/** The marking column's words: while an essay awaits a grader the percentage beside it is provisional (decisions.md "Manual grading"). */
export const MARKING_CELL: Record<QuizAttempt["gradingStatus"], string> = { NeedsGrading: "Awaiting marking", Graded: "Marked" };
/** ADR 0076: the pass column's words; empty when the quiz has no pass mark or the marking is pending. */
export const passedCell = (passed: boolean | null) => (passed === null ? "" : passed ? "Passed" : "Not passed");

import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";

/**
 * The bodies of POST /api/reports/student, /api/reports/class (decisions.md "Reports") and
 * POST /api/quiz/duplicate (docs/decisions/0081).
 */

/** Cells (results of a student at a quiz) one report may hold: the export's row cap (MAX_EXPORT_ROWS), so a report is never heavier than an export. */
export const MAX_REPORT_RESULTS = 50_000;

/** Reports read per author per ten minutes: a teacher clicks through a class in a lesson; a loop over every student is stopped. */
export const REPORT_LIMITS = { perTenMinutes: 600 } as const;
/** Quizzes duplicated per author per hour: a copy per class of a year is a handful, a loop filling the pool is stopped. */
export const DUPLICATE_LIMITS = { perHour: 60 } as const;

const anId = (label: string) => z.coerce.number({ error: `${label} must be an id` }).int(`${label} must be an id`).positive(`${label} must be an id`);

const format = z
  .enum(["json", "csv"], { error: schemaMessage("REPORT_FORMAT_INVALID") })
  .default("json")
  .openapi({ description: "csv: the same report as a CSV file (UTF-8 with a BOM, CRLF, formula-safe cells)" });

export const StudentReportInput = z.object({ userId: anId("userId"), format }, { error: BODY_NOT_AN_OBJECT });
export const ClassReportInput = z.object({ classId: anId("classId"), format }, { error: BODY_NOT_AN_OBJECT });
export const DuplicateQuizInput = z.object({ quizId: anId("quizId") }, { error: BODY_NOT_AN_OBJECT });

/** How a quiz counts a student's attempts (its takeBestScore): the best (earliest on a tie) or the latest. */
export type CountingRule = "best" | "latest";
export const countingRuleOf = (takeBestScore: boolean | number): CountingRule => (Number(takeBestScore) === 1 ? "best" : "latest");

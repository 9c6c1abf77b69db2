import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT } from "../core/coded";
import { ClassFilterField } from "../classes/class-filter";
import { listQuery } from "../listing/list-query";
import { QUIZ_STATS_EXPORT_SORT_FIELDS } from "./sort-fields";

export const EXPORT_MESSAGES = {
  quizId: "quizId must be an id",
  searchText: (field: string) => `filter.${field} must be text`,
  searchLength: (field: string) => `filter.${field} must be at most 200 characters`,
  tooManyRows: (max: number) => `More than ${max} rows to export; narrow the filter`,
} as const;

/** Rows one export may hold: far above a school's quiz or board, far below what would strain a Worker's memory. */
export const MAX_EXPORT_ROWS = 50_000;

const search = (field: string) =>
  z
    .string({ error: EXPORT_MESSAGES.searchText(field) })
    .trim()
    .max(200, EXPORT_MESSAGES.searchLength(field))
    .transform((value) => value || undefined)
    .optional();

/**
 * A quiz's stats as its page lists them (decisions.md "Results lists"): the search box's
 * term as `filter: { studentName, studentEmail }`, matched as a part of either; student name
 * ascending unless told. Paging is ignored: the export holds every row.
 */
export const QuizStatsExportQuery = listQuery({
  filter: z.object({ studentName: search("studentName"), studentEmail: search("studentEmail") }),
  sortFields: QUIZ_STATS_EXPORT_SORT_FIELDS,
  defaultSortField: "studentName",
  defaultSortOrder: "asc",
});
export type QuizStatsExportParams = z.output<typeof QuizStatsExportQuery>["queryParams"];

const quizId = z.number({ error: EXPORT_MESSAGES.quizId }).int(EXPORT_MESSAGES.quizId).positive(EXPORT_MESSAGES.quizId);

/**
 * POST /api/takenQuiz/export { quizId?, queryParams, classId? }: the quizId decides which
 * list's queryParams apply (read first, alone), so an error names the real field; `classId`
 * filters either list by the class's members (ADR 0080).
 */
export const ExportTarget = z.object({ quizId: quizId.optional(), classId: ClassFilterField }, { error: BODY_NOT_AN_OBJECT });

/** The documented body (the union above, as other modules see it). */
export const ExportBody = z
  .object({
    quizId: quizId.optional().openapi({ description: "A quiz's stats (its teacher and the owner); without it the leader board (every user)" }),
    queryParams: z
      .object({
        filter: z.record(z.string(), z.string()).optional().openapi({ description: "With quizId: { studentName, studentEmail }; without: { quizName, quizCategory, studentName }" }),
        sortOrder: z.enum(["asc", "desc"]).optional(),
        sortField: z.string().optional().openapi({ description: "As the list's own sort fields; an unknown one is a 400" }),
        pageNumber: z.number().int().optional().openapi({ description: "Ignored: the export holds every row" }),
        pageSize: z.number().int().optional().openapi({ description: "Ignored: the export holds every row" }),
      })
      .optional(),
    classId: ClassFilterField,
  })
  .openapi("ExportInput");

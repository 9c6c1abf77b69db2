import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { RESULT_STATUSES } from "../../../db/schema/attempts";
import { listQuery } from "../listing/list-query";
import { quizId } from "../quizzes/schemas";
import { ClassFilterField } from "../classes/class-filter";
import { MAX_STATS_SEARCH, MAX_STATUS_IDS, QUIZ_STATS_SORT_FIELDS } from "./sort-fields";

/** Our own texts (the spec has none for these). */
export const STATS_MESSAGES = {
  searchText: "The search must be text",
  searchLength: `The search must be at most ${MAX_STATS_SEARCH} characters`,
  idsRequired: "ids must list at least one result",
  idsTooMany: `At most ${MAX_STATUS_IDS} results can change status at once`,
  idInvalid: "ids must be result ids",
  statusInvalid: "status must be Pending, Accepted or Rejected",
  notFinishedOfQuiz: "Some of these results are not finished attempts of this quiz, so nothing was changed",
  updated: "Status updated",
} as const;

/** The refusals the stats page shows, said by code (ADR 0061): the page never reads their words. */
const SAID = {
  idsRequired: schemaMessage("STATS_IDS_REQUIRED"),
  statusInvalid: schemaMessage("STATS_STATUS_INVALID"),
};

const term = z.string({ error: STATS_MESSAGES.searchText }).trim().max(MAX_STATS_SEARCH, STATS_MESSAGES.searchLength).optional();

/**
 * Spec 7 POST /api/takenQuiz/fetchAllByQuizId { quizId, queryParams }: a quiz's attempts
 * (decisions.md "Results lists"): the search box sends one term as both filter fields, and a
 * row matches when its student's name contains `studentName` or their e-mail contains
 * `studentEmail` (case-insensitive); a field left out or empty does not filter. `classId`
 * keeps the attempts of the class's members (ADR 0080).
 */
export const QuizStatsQuery = listQuery({
  filter: z.object({
    studentName: term.openapi({ description: "Part of the student's full name (case-insensitive)" }),
    studentEmail: term.openapi({ description: "Part of the student's e-mail (case-insensitive); either field matching is enough" }),
  }),
  sortFields: QUIZ_STATS_SORT_FIELDS,
  defaultSortField: "studentName",
  defaultSortOrder: "asc",
}).extend({ quizId, classId: ClassFilterField });
export type QuizStatsQuery = z.input<typeof QuizStatsQuery>;

const resultId = z.number({ error: STATS_MESSAGES.idInvalid }).int(STATS_MESSAGES.idInvalid).positive(STATS_MESSAGES.idInvalid).max(Number.MAX_SAFE_INTEGER, STATS_MESSAGES.idInvalid);

/**
 * Spec 7 POST /api/takenQuiz/updateStatus { ids, status, quizId } (decisions.md "Bulk
 * status": all of the ids or none). The spec's `query` (the list to reload) is the client's
 * business and is ignored.
 */
export const UpdateStatusInput = z.object(
  {
    ids: z
      .array(resultId, { error: SAID.idsRequired })
      .min(1, SAID.idsRequired)
      .max(MAX_STATUS_IDS, STATS_MESSAGES.idsTooMany)
      .openapi({ description: `takenQuizIds of finished attempts of the quiz; 1 to ${MAX_STATUS_IDS}` }),
    status: z.enum(RESULT_STATUSES, { error: SAID.statusInvalid }),
    quizId,
  },
  { error: BODY_NOT_AN_OBJECT },
);
export type UpdateStatusInput = z.input<typeof UpdateStatusInput>;

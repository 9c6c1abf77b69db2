import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT } from "../core/coded";
import { listQuery } from "../listing/list-query";
import { TAKEN_QUIZ_SORT_FIELDS } from "./sort-fields";

/** Our own texts (the spec has none for these). */
export const RESULT_MESSAGES = {
  notFinished: "This attempt is not finished yet",
  quizNameText: "filter.quizName must be text",
  quizNameLength: "filter.quizName must be at most 500 characters",
} as const;

/**
 * Spec 7 POST /api/takenQuiz/fetchAllByStudentId { queryParams }: the caller's own finished
 * attempts. The spec's body may carry a student id; it is ignored (unknown keys are dropped):
 * the student is always the session's user.
 */
export const TakenQuizListQuery = listQuery({
  filter: z.object({
    quizName: z.string({ error: RESULT_MESSAGES.quizNameText }).trim().max(500, RESULT_MESSAGES.quizNameLength).optional(),
  }),
  sortFields: TAKEN_QUIZ_SORT_FIELDS,
  defaultSortField: "attemptDate",
  defaultSortOrder: "desc",
});
export type TakenQuizListQuery = z.input<typeof TakenQuizListQuery>;

const takenQuizId = z.number({ error: "takenQuizId must be an id" }).int("takenQuizId must be an id").positive("takenQuizId must be an id");

/** Spec 7 fetchById / fetchLatestById { takenQuizId }. */
export const TakenQuizIdInput = z.object({ takenQuizId }, { error: BODY_NOT_AN_OBJECT });

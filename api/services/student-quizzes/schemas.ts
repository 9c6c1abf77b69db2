import { z } from "@hono/zod-openapi";
import { listQuery } from "../listing/list-query";

/** What the student's quiz pool may be sorted by (its own module so the UI can import it). */
export const STUDENT_QUIZ_SORT_FIELDS = ["quizName", "level", "createdAt"] as const;

/** Spec 2.4 / 7: the student's pool; filter by a part of the quiz name. */
export const StudentQuizListQuery = listQuery({
  filter: z.object({
    quizName: z.string({ error: "filter.quizName must be text" }).trim().max(500, "filter.quizName is at most 500 characters").optional(),
  }),
  sortFields: STUDENT_QUIZ_SORT_FIELDS,
});
export type StudentQuizListQuery = z.input<typeof StudentQuizListQuery>;

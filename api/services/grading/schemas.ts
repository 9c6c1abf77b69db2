import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { listQuery } from "../listing/list-query";

import { MAX_GRADER_COMMENT } from "./limits";

export { MAX_GRADER_COMMENT };
/** Rubric choices in one request: the marking engine allows far fewer criteria (marking/limits.ts). */
const MAX_RUBRIC_CHOICES = 50;

const id = (name: string) => z.number({ error: `${name} must be an id` }).int(`${name} must be an id`).positive(`${name} must be an id`);
const position = (name: string) => z.number({ error: `rubric ${name} must be a position from 0` }).int(`rubric ${name} must be a position from 0`).min(0, `rubric ${name} must be a position from 0`);

/**
 * decisions.md "Manual grading": POST /api/takenQuiz/grade { takenQuizId, questionId, mark?,
 * comment?, rubric?: [{ criterion, level }] }. Criterion and level are positions (from 0) in the
 * question's rubric, as attempt_answers.rubric_levels keeps them. The mark's range depends on the
 * question (its mark in the quiz), so it is checked by the service, not here.
 */
export const GradeInput = z.object(
  {
    takenQuizId: id("takenQuizId"),
    questionId: id("questionId"),
    mark: z.number({ error: "mark must be a number" }).optional(),
    comment: z
      .string({ error: "comment must be text" })
      .max(MAX_GRADER_COMMENT, schemaMessage("GRADE_COMMENT_TOO_LONG", { max: MAX_GRADER_COMMENT }))
      .optional(),
    rubric: z
      .array(z.object({ criterion: position("criterion"), level: position("level") }, { error: "each rubric choice is { criterion, level }" }), { error: "rubric must be a list" })
      .max(MAX_RUBRIC_CHOICES, schemaMessage("GRADE_RUBRIC_CRITERION_REPEATED"))
      .optional(),
  },
  { error: BODY_NOT_AN_OBJECT },
);
export type GradeInput = z.output<typeof GradeInput>;

/** decisions.md: POST /api/takenQuiz/gradingQueue { quizId, questionId?, anonymous?, queryParams }. */
export const GradingQueueQuery = listQuery({
  filter: z.object({}),
  sortFields: ["submittedAt", "questionId"],
  defaultSortField: "submittedAt",
  defaultSortOrder: "asc",
}).extend({
  quizId: id("quizId"),
  questionId: id("questionId").optional(),
  anonymous: z.boolean({ error: "anonymous must be true or false" }).default(false),
});

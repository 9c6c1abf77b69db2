import { and, asc, eq, ne, isNull } from "drizzle-orm";
import { z } from "zod";
import { questions, quizQuestions, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { inIds } from "./quiz-queries";
import type { QuizQuestionSummary } from "./read-quiz-detail";
import { MAX_SOURCE_QUIZZES } from "./schemas";

const SourceQuestionsInput = z.object({
  quizIds: z.array(z.number().int().positive(), { error: "quizIds must be a list of quiz ids" }).max(MAX_SOURCE_QUIZZES),
  /** The quiz being edited: never its own source. */
  exceptQuizId: z.number().int().positive().optional(),
});

/**
 * The questions a quiz-based quiz may pick from (the wizard's Pick Questions step after
 * Pick Quizes): those of the chosen source quizzes of the caller's business, each once, in
 * the sources' own order. One query, whatever the number of sources; like the quiz detail,
 * it carries no options, so nothing about correct answers.
 */
export async function listSourceQuestions(services: AppServices, caller: Caller, input: unknown): Promise<QuizQuestionSummary[]> {
  assertAuthor(caller);
  const { quizIds, exceptQuizId } = SourceQuestionsInput.parse(input);
  if (quizIds.length === 0) return [];
  const rows = await services.db
    .select({ id: questions.id, questionText: questions.questionText, optionType: questions.optionType })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    // A source's own questions, not those its draws may draw (ADR 0077).
    .where(and(eq(quizzes.businessId, caller.businessId), inIds(quizzes.id, quizIds), isNull(quizQuestions.inDraws), exceptQuizId ? ne(quizzes.id, exceptQuizId) : undefined))
    .orderBy(asc(quizQuestions.quizId), asc(quizQuestions.position));
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).map((row) => ({ ...row, questionId: row.id }));
}

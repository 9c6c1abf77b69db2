import { and, eq, sql } from "drizzle-orm";
import { questionOptions, questions, questionTags, quizAttempts, quizQuestions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, Invalid, NotFound } from "../core/errors";
import { assertAuthor, assertMayChangeQuestion } from "../core/permissions";
import { checkImageKeys } from "./check-image-keys";
import { loadQuestionEntity, type QuestionEntity } from "./question-entity";
import { questionUsage } from "./question-usage";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { QuestionUpdateInput, validateQuestion } from "./schemas";
import { renderQuestionMaths } from "./render-question-maths";
import { optionAndTagStatements, questionColumns } from "./write-question";
import { QUESTION_UPDATED } from "./messages";
import { say } from "../message-codes";


/**
 * Spec 7 `POST /api/question/update`: replaces a question of the caller's business with the
 * editor's whole form. Refused while any quiz that uses it has an attempt (spec 8: students'
 * answers and scores point at these options); a used question without attempts may change,
 * and the entity's `used` lets the editor warn first.
 */
export async function updateQuestion(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "QUESTION_UPDATED"; entity: QuestionEntity }> {
  assertAuthor(caller);
  const { questionId } = QuestionUpdateInput.parse(input);
  const [own] = await services.db
    .select({ id: questions.id, teacherId: questions.teacherId })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.businessId, caller.businessId)));
  if (!own) throw new NotFound("question");
  assertMayChangeQuestion(caller, own);
  if ((await questionUsage(services, questionId)).taken) throw new Conflict(say("QUESTIONS_LOCKED_BY_ATTEMPTS"));

  const validation = validateQuestion(input);
  if (!validation.success) throw new Invalid(Object.values(validation.errors)[0], validation.errors);
  const question = await renderQuestionMaths(validation.data);
  const place = await resolveCategoryCourse(services, caller.businessId, question);
  await checkImageKeys(services, caller.businessId, { questionImage: question.questionImage, image: question.image });

  const { db } = services;
  const rest = await optionAndTagStatements(services, caller.businessId, questionId, question);
  try {
    await db.batch([
      takenGuard(services, questionId),
      db
        .update(questions)
        .set({
          categoryId: place.categoryId,
          courseId: place.courseId,
          ...questionColumns(question),
          updatedAt: services.now(),
        })
        .where(eq(questions.id, questionId)),
      db.delete(questionOptions).where(eq(questionOptions.questionId, questionId)),
      db.delete(questionTags).where(eq(questionTags.questionId, questionId)),
      ...rest,
    ]);
  } catch (error) {
    // The guard fired: a student started the quiz after the check above.
    if ((await questionUsage(services, questionId)).taken) throw new Conflict(say("QUESTIONS_LOCKED_BY_ATTEMPTS"));
    throw error;
  }
  const entity = await loadQuestionEntity(services, caller, questionId);
  return { ...say("QUESTION_UPDATED"), entity: entity! };
}

/**
 * The first statement of the batch fails when the question has become part of a taken quiz
 * since it was checked, so the whole batch rolls back: the rule holds without an interactive
 * transaction (D1 and Turso have none). It inserts an option at position -1, which breaks
 * question_options' CHECK, only when such an attempt exists: an insert rather than an update of
 * the question's options, because the types keyed by `answerKey` have no options to update.
 */
export function takenGuard(services: AppServices, questionId: number) {
  // A query builder, not raw SQL: D1's batch takes only drizzle's prepared queries.
  const { db } = services;
  return db.insert(questionOptions).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        questionId: sql<number>`${questionId}`.as("question_id"),
        position: sql<number>`-1`.as("position"),
        optionText: sql<string>`''`.as("option_text"),
        optionHtml: sql<string | null>`null`.as("option_html"),
        isCorrect: sql<boolean>`0`.as("is_correct"),
      })
      .from(quizQuestions)
      .innerJoin(quizAttempts, eq(quizAttempts.quizId, quizQuestions.quizId))
      .where(eq(quizQuestions.questionId, questionId))
      .limit(1),
  );
}

/** Kept here for the verb's callers; the text lives in messages.ts, which the message catalogue reads. */
export { QUESTION_UPDATED };

import { sql } from "drizzle-orm";
import { questions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { checkImageKeys } from "./check-image-keys";
import { loadQuestionEntity, type QuestionEntity } from "./question-entity";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { validateQuestion } from "./schemas";
import { renderQuestionMaths } from "./render-question-maths";
import { Invalid } from "../core/errors";
import { optionAndTagStatements, questionColumns } from "./write-question";
import { QUESTION_ADDED } from "./messages";
import { say } from "../message-codes";


/**
 * Spec 7 `POST /api/question`: a new question in the bank of a category and course. The
 * question, its options, new tags and tag links are one batch (one transaction, no
 * half-stored question). The options need the new question's id before it exists: inside
 * the batch's write transaction no other writer can insert, and ids only grow
 * (AUTOINCREMENT), so `max(id)` right after the insert is this question's id.
 */
export async function createQuestion(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "QUESTION_ADDED"; entity: QuestionEntity }> {
  assertAuthor(caller);
  const validation = validateQuestion(input);
  if (!validation.success) throw new Invalid(Object.values(validation.errors)[0], validation.errors);
  const question = await renderQuestionMaths(validation.data);
  const place = await resolveCategoryCourse(services, caller.businessId, question);
  await checkImageKeys(services, caller.businessId, { questionImage: question.questionImage, image: question.image });

  const newId = sql`(select max(${questions.id}) from ${questions})`;
  const rest = await optionAndTagStatements(services, caller.businessId, newId, question);
  const now = services.now();
  const [inserted] = await services.db.batch([
    services.db
      .insert(questions)
      .values({
        businessId: caller.businessId,
        teacherId: caller.userId,
        categoryId: place.categoryId,
        courseId: place.courseId,
        ...questionColumns(question),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: questions.id }),
    ...rest,
  ]);
  const entity = await loadQuestionEntity(services, caller, inserted[0].id);
  return { ...say("QUESTION_ADDED"), entity: entity! };
}

/** Kept here for the verb's callers; the text lives in messages.ts, which the message catalogue reads. */
export { QUESTION_ADDED };

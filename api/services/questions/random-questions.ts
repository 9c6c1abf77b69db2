import { and, eq, sql } from "drizzle-orm";
import { questions, questionTags, tags } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { type QuestionEntity, selectQuestions, toQuestionEntities } from "./question-entity";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { RandomQuestionsInput } from "./schemas";

/** Spec 9: random picks select 10 items. */
export const RANDOM_PICK_SIZE = 10;

/**
 * Spec 7 `POST /api/question/findAllRandom`: up to 10 distinct questions of a category and
 * course, picked at random (the wizard's quick fill), optionally only those carrying one
 * of the given tags. The spec's other fields (pageLoadTime, hidePrevious, totalQuestion)
 * are accepted and ignored.
 */
export async function randomQuestions(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: QuestionEntity[] }> {
  assertAuthor(caller);
  const data = RandomQuestionsInput.parse(input);
  const place = await resolveCategoryCourse(services, caller.businessId, data);
  const tagNames = JSON.stringify((data.tags ?? []).filter(Boolean).map((tag) => tag.toLowerCase()));
  const rows = await selectQuestions(services)
    .where(
      and(
        eq(questions.businessId, caller.businessId),
        eq(questions.categoryId, place.categoryId),
        eq(questions.courseId, place.courseId),
        tagNames === "[]"
          ? undefined
          : sql`exists (select 1 from ${questionTags} join ${tags} on ${tags.id} = ${questionTags.tagId}
              where ${questionTags.questionId} = ${questions.id} and lower(${tags.name}) in (select value from json_each(${tagNames})))`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(RANDOM_PICK_SIZE);
  const entities = await toQuestionEntities(services, caller, rows);
  return { totalCount: entities.length, entities };
}

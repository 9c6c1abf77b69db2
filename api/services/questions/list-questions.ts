import { and, count, eq, sql } from "drizzle-orm";
import { questions, questionTags, tags } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { type QuestionEntity, selectQuestions, toQuestionEntities } from "./question-entity";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { QuestionListQuery } from "./schemas";

/**
 * Spec 7 `POST /api/question/findAll`: the bank of one category and course, searched by
 * text, tag and type, sorted (question text ascending by default), a page at a time. The count
 * and the page are one batch; the page's options, tags and quiz use three more queries
 * in a second batch, whatever the page size.
 */
export async function listQuestions(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: QuestionEntity[] }> {
  assertAuthor(caller);
  const { queryParams } = QuestionListQuery.parse(input);
  const { filter } = queryParams;
  const place = await resolveCategoryCourse(services, caller.businessId, filter, {
    category: "queryParams.filter.category",
    course: "queryParams.filter.course",
  });
  const where = and(
    eq(questions.businessId, caller.businessId),
    eq(questions.categoryId, place.categoryId),
    eq(questions.courseId, place.courseId),
    // instr() instead of LIKE: the typed text is matched literally, % and _ included.
    filter.search ? sql`instr(lower(${questions.questionText}), lower(${filter.search})) > 0` : undefined,
    filter.optionType ? eq(questions.optionType, filter.optionType) : undefined,
    filter.tag
      ? sql`exists (select 1 from ${questionTags} join ${tags} on ${tags.id} = ${questionTags.tagId}
          where ${questionTags.questionId} = ${questions.id} and lower(${tags.name}) = lower(${filter.tag}))`
      : undefined,
  );
  const { limit, offset } = pageWindow(queryParams);
  const sortColumns = {
    // The raw column, so the (business, category, course, text) index serves the sort.
    questionText: questions.questionText,
    questionId: questions.id,
    optionType: questions.optionType,
    thumbsUpCount: questions.thumbsUpCount,
    thumbsDownCount: questions.thumbsDownCount,
  };
  const [[{ total }], rows] = await services.db.batch([
    services.db.select({ total: count() }).from(questions).where(where),
    selectQuestions(services).where(where).orderBy(...orderBy(queryParams, sortColumns, questions.id)).limit(limit).offset(offset),
  ]);
  return { totalCount: total, entities: await toQuestionEntities(services, caller, rows) };
}

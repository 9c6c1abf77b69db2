import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { questionOptions, questions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { ResolvedCategoryCourse } from "../categories/resolve-category-course";
import type { RenderedQuestion } from "../questions/render-question-maths";
import { readStoredAnswerKey } from "../questions/stored-answer-key";

const IN_LIST = 500;

/** A question ready to store, with what makes it "the same question" as another. */
export interface ReadyQuestion {
  question: RenderedQuestion;
  place: ResolvedCategoryCourse;
  key: string;
}

/**
 * What makes two questions the same for an import: place, text, answer type, options and which
 * are correct, and the answer key of the types that have one (as the type's schema outputs it,
 * the form both the import and the stored row hold), so two numerical questions of one text
 * with other values are two questions.
 */
export const sameQuestionKey = (place: { categoryId: number; courseId: number }, text: string, optionType: string, options: { optionText: string; optionStatus: boolean }[], answerKey: unknown = null) =>
  JSON.stringify([place.categoryId, place.courseId, text, optionType, options.map((o) => [o.optionText, o.optionStatus]), answerKey ?? null]);

/** Keys of the bank's questions with the same text in the same category and course as these. */
export async function existingKeys(services: AppServices, businessId: number, ready: ReadyQuestion[]): Promise<Set<string>> {
  const keys = new Set<string>();
  const byPlace = new Map<string, { place: ResolvedCategoryCourse; texts: Set<string> }>();
  for (const { place, question } of ready) {
    const id = `${place.categoryId}/${place.courseId}`;
    if (!byPlace.has(id)) byPlace.set(id, { place, texts: new Set() });
    byPlace.get(id)!.texts.add(question.questionText);
  }
  for (const { place, texts } of byPlace.values()) {
    const list = [...texts];
    for (let start = 0; start < list.length; start += IN_LIST) {
      const rows = await services.db
        .select({ id: questions.id, questionText: questions.questionText, optionType: questions.optionType, answerKey: questions.answerKey })
        .from(questions)
        .where(
          and(
            eq(questions.businessId, businessId),
            eq(questions.categoryId, place.categoryId),
            eq(questions.courseId, place.courseId),
            inArray(questions.questionText, list.slice(start, start + IN_LIST)),
          ),
        );
      if (rows.length === 0) continue;
      const options = new Map<number, { optionText: string; optionStatus: boolean }[]>();
      for (let at = 0; at < rows.length; at += IN_LIST) {
        const optionRows = await services.db
          .select({ questionId: questionOptions.questionId, optionText: questionOptions.optionText, optionStatus: questionOptions.isCorrect })
          .from(questionOptions)
          .where(inArray(questionOptions.questionId, rows.slice(at, at + IN_LIST).map((row) => row.id)))
          .orderBy(asc(questionOptions.questionId), asc(questionOptions.position));
        for (const { questionId, ...option } of optionRows) {
          if (!options.has(questionId)) options.set(questionId, []);
          options.get(questionId)!.push(option);
        }
      }
      for (const row of rows) keys.add(sameQuestionKey(place, row.questionText, row.optionType, options.get(row.id) ?? [], readStoredAnswerKey(row.answerKey).answerKey));
    }
  }
  return keys;
}

/**
 * The first statement of an import batch: it fails (position -1 breaks question_options'
 * CHECK, so the whole batch rolls back) when the bank already holds any of these questions,
 * by the same definition as `sameQuestionKey`. The read in `existingKeys` happens before the
 * write; another import of the same file can store the same questions in between (two tabs,
 * a double click). This check runs inside the batch's own write transaction, where no other
 * writer can interleave (docs/decisions/0022-authoring-races.md). The questions are bound as
 * one JSON parameter, within D1's 100 bound parameters. CROSS JOIN keeps the batch's list as
 * the outer loop, so each entry is one lookup in the (business, category, course, text)
 * index; a plain join let SQLite scan the business's whole bank once per entry.
 */
export function duplicateGuard(services: AppServices, businessId: number, ready: ReadyQuestion[]) {
  const list = JSON.stringify(
    ready.map(({ place, question }) => [place.categoryId, place.courseId, question.questionText, question.optionType, question.options.map((o) => [o.optionText, o.optionStatus ? 1 : 0])]),
  );
  // A query builder around the lookup, not raw SQL: D1's batch takes only drizzle's prepared
  // queries. The options of a duplicate get position -1, which the CHECK refuses.
  return services.db
    .update(questionOptions)
    .set({ position: -1 })
    .where(
      sql`${questionOptions.questionId} in (
    select q.id
    from json_each(${list}) as c
    cross join ${questions} q
      on q.business_id = ${businessId}
     and q.category_id = json_extract(c.value, '$[0]')
     and q.course_id = json_extract(c.value, '$[1]')
     and q.question_text = json_extract(c.value, '$[2]')
     and q.option_type = json_extract(c.value, '$[3]')
    where (select count(*) from ${questionOptions} o where o.question_id = q.id) = json_array_length(c.value, '$[4]')
      and not exists (
        select 1 from json_each(c.value, '$[4]') e
        where not exists (
          select 1 from ${questionOptions} o
          where o.question_id = q.id and o.position = e.key
            and o.option_text = json_extract(e.value, '$[0]') and o.is_correct = json_extract(e.value, '$[1]')
        )
      )
    limit 1)`,
    );
}

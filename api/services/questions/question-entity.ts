import { and, asc, eq, sql } from "drizzle-orm";
import { categories, courses, questionOptions, questions, questionTags, quizQuestions, tags } from "../../../db/schema";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { OptionType } from "../../../db/schema/questions";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { mayChangeQuestion } from "../core/permissions";
import { signFileUrl } from "../files/signed-url";
import { withMaths } from "../maths/render-tex";
import { explanationForPage } from "./sanitise-explanation";
import { type AnswerKey, readStoredAnswerKey, type RenderedKeyTexts } from "./stored-answer-key";

/**
 * The author's view of a question at the API boundary (spec 3, decisions "Questions"): the
 * spec's names and aliases, category and course by name, image keys with signed URLs.
 * `optionStatus` (which options are correct) is in it: only authoring verbs build it.
 */
export interface QuestionEntity {
  id: number;
  questionId: number;
  questionText: string;
  /** Only when the text has formulas: it with them rendered to MathML (docs/decisions/0066). */
  questionTextHtml?: string;
  questionImage: string | null;
  questionImageUrl: string | null;
  image: string | null;
  imageUrl: string | null;
  optionType: OptionType;
  /** The choice types' options (radio, checkbox, trueFalse); empty for the others. */
  options: { id: number; optionText: string; optionTextHtml?: string; optionStatus: boolean }[];
  /** The other types' key (decisions.md "Authoring shapes"), as `optionStatus` authors only; null for the choice types. */
  answerKey: AnswerKey | null;
  /** Only when some text of the key has formulas: those texts rendered, by their path in the key (stored-answer-key.ts). */
  answerKeyHtml?: RenderedKeyTexts;
  /** decisions.md: 0.5–100, two decimals; 1 unless the author set it. */
  defaultMark: number;
  category: string;
  course: string;
  questionCategory: string;
  questionCourse: string;
  tags: string[];
  answerExplaination: string;
  used: boolean;
  thumbsUpCount: number;
  thumbsDownCount: number;
  /** The question's author. */
  teacherId: number;
  /** Whether the reader may edit or delete it: its author and the owner (docs/decisions/0029). */
  mayChange: boolean;
}

/** The columns every question read selects: the row plus its category and course names. */
export const questionColumns = {
  id: questions.id,
  questionText: questions.questionText,
  questionHtml: questions.questionHtml,
  questionImage: questions.questionImage,
  explanationImage: questions.explanationImage,
  optionType: questions.optionType,
  answerKey: questions.answerKey,
  defaultMarkHundredths: questions.defaultMarkHundredths,
  answerExplanation: questions.answerExplanation,
  thumbsUpCount: questions.thumbsUpCount,
  thumbsDownCount: questions.thumbsDownCount,
  teacherId: questions.teacherId,
  category: categories.name,
  course: courses.name,
};

/** `select(questionColumns)` from questions with the joins those columns need. */
export function selectQuestions(services: AppServices) {
  return services.db
    .select(questionColumns)
    .from(questions)
    .innerJoin(categories, eq(categories.id, questions.categoryId))
    .innerJoin(courses, eq(courses.id, questions.courseId));
}

export interface QuestionRow {
  id: number;
  questionText: string;
  questionHtml: string | null;
  questionImage: string | null;
  explanationImage: string | null;
  optionType: OptionType;
  answerKey: unknown;
  defaultMarkHundredths: number;
  answerExplanation: string;
  thumbsUpCount: number;
  thumbsDownCount: number;
  teacherId: number;
  category: string;
  course: string;
}

/**
 * Entities for a page of rows, in the rows' order. Three more queries whatever the page
 * size (options, tags, quiz use), sent as one batch; the ids travel as one JSON parameter
 * because D1 binds at most 100 parameters per statement.
 */
export async function toQuestionEntities(services: AppServices, reader: Caller, rows: QuestionRow[]): Promise<QuestionEntity[]> {
  const { businessId } = reader;
  if (rows.length === 0) return [];
  const ids = JSON.stringify(rows.map((row) => row.id));
  const inPage = (column: SQLiteColumn) => sql`${column} in (select value from json_each(${ids}))`;
  const { db } = services;
  const [optionRows, tagRows, usedRows] = await db.batch([
    db
      .select({ questionId: questionOptions.questionId, id: questionOptions.id, optionText: questionOptions.optionText, optionHtml: questionOptions.optionHtml, optionStatus: questionOptions.isCorrect })
      .from(questionOptions)
      .where(inPage(questionOptions.questionId))
      .orderBy(asc(questionOptions.questionId), asc(questionOptions.position)),
    db
      .select({ questionId: questionTags.questionId, name: tags.name })
      .from(questionTags)
      .innerJoin(tags, and(eq(tags.id, questionTags.tagId), eq(tags.businessId, businessId)))
      .where(inPage(questionTags.questionId))
      .orderBy(asc(tags.name)),
    db.selectDistinct({ questionId: quizQuestions.questionId }).from(quizQuestions).where(inPage(quizQuestions.questionId)),
  ]);

  const optionsOf = group(optionRows, ({ questionId, id, optionText, optionHtml, optionStatus }) => [questionId, { id, optionText, ...withMaths("optionTextHtml", optionHtml), optionStatus }]);
  const tagsOf = group(tagRows, (row) => [row.questionId, row.name]);
  const used = new Set(usedRows.map((row) => row.questionId));
  const sign = (key: string | null) => (key ? signFileUrl(services, key) : Promise.resolve(null));

  return Promise.all(
    rows.map(async (row) => ({
      ...keyOf(row),
      id: row.id,
      questionId: row.id,
      questionText: row.questionText,
      ...withMaths("questionTextHtml", row.questionHtml),
      questionImage: row.questionImage,
      questionImageUrl: await sign(row.questionImage),
      image: row.explanationImage,
      imageUrl: await sign(row.explanationImage),
      optionType: row.optionType,
      options: optionsOf.get(row.id) ?? [],
      category: row.category,
      course: row.course,
      questionCategory: row.category,
      questionCourse: row.course,
      tags: tagsOf.get(row.id) ?? [],
      answerExplaination: explanationForPage(row.answerExplanation),
      used: used.has(row.id),
      thumbsUpCount: row.thumbsUpCount,
      thumbsDownCount: row.thumbsDownCount,
      teacherId: row.teacherId,
      mayChange: mayChangeQuestion(reader, row),
    })),
  );
}

/** The row's key and default mark as the API gives them. */
function keyOf(row: QuestionRow): Pick<QuestionEntity, "answerKey" | "answerKeyHtml" | "defaultMark"> {
  const { answerKey, rendered } = readStoredAnswerKey(row.answerKey);
  return { answerKey, ...(Object.keys(rendered).length > 0 ? { answerKeyHtml: rendered } : {}), defaultMark: row.defaultMarkHundredths / 100 };
}

function group<T, V>(rows: T[], entry: (row: T) => [number, V]): Map<number, V[]> {
  const map = new Map<number, V[]>();
  for (const row of rows) {
    const [key, value] = entry(row);
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }
  return map;
}

/** One question of the caller's business as an entity, or null (missing or another business's). */
export async function loadQuestionEntity(services: AppServices, reader: Caller, questionId: number): Promise<QuestionEntity | null> {
  const rows = await selectQuestions(services)
    .where(and(eq(questions.id, questionId), eq(questions.businessId, reader.businessId)))
    .limit(1);
  const [entity] = await toQuestionEntities(services, reader, rows);
  return entity ?? null;
}

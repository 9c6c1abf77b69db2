import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { questionOptions, questions, questionTags, tags } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { RenderedQuestion } from "./render-question-maths";
import { storedAnswerKey } from "./stored-answer-key";

/** The business's tag spellings by lower-cased name: "algebra" joins an existing "Algebra". */
export type KnownTags = Map<string, string>;

/** The business's existing spellings of these tag names (one query, however many tags). */
export async function knownTags(services: AppServices, businessId: number, names: string[]): Promise<KnownTags> {
  const known: KnownTags = new Map();
  const lower = [...new Set(names.map((name) => name.toLowerCase()))];
  // Bounded IN lists: SQLite caps the number of bound parameters per statement.
  for (let start = 0; start < lower.length; start += 500) {
    const rows = await services.db
      .select({ name: tags.name })
      .from(tags)
      .where(and(eq(tags.businessId, businessId), inArray(sql`lower(${tags.name})`, lower.slice(start, start + 500))));
    for (const row of rows) known.set(row.name.toLowerCase(), row.name);
  }
  return known;
}

/**
 * The statements that store a question's options and tags, for create and update to put in
 * their one `db.batch([...])` after the question row itself. `questionId` may be SQL: on
 * create the id is not known before the batch runs (see create-question.ts).
 */
export async function optionAndTagStatements(
  services: AppServices,
  businessId: number,
  questionId: number | SQL,
  question: Pick<RenderedQuestion, "options" | "tags">,
): Promise<BatchItem<"sqlite">[]> {
  return optionAndTagStatementsWith(services, businessId, questionId, question, await knownTags(services, businessId, question.tags));
}

/**
 * The same statements with the tag spellings already known, so an import looks tags up once
 * for many questions. A tag this adds is recorded in `known`, so a later question of the
 * same batch spelling it in another case joins it instead of inserting a second spelling.
 */
export function optionAndTagStatementsWith(
  services: AppServices,
  businessId: number,
  questionId: number | SQL,
  question: Pick<RenderedQuestion, "options" | "tags">,
  known: KnownTags,
): BatchItem<"sqlite">[] {
  const { db } = services;
  const statements: BatchItem<"sqlite">[] = [];
  // The types keyed by `answerKey` have no options (drizzle refuses an empty insert).
  if (question.options.length > 0) {
    statements.push(
      db.insert(questionOptions).values(
        question.options.map((option, position) => ({
          questionId: questionId as number,
          position,
          optionText: option.optionText,
          optionHtml: option.optionTextHtml,
          isCorrect: option.optionStatus,
        })),
      ),
    );
  }
  if (question.tags.length === 0) return statements;

  const names = question.tags.map((tag) => known.get(tag.toLowerCase()) ?? tag);
  const missing = names.filter((name) => !known.has(name.toLowerCase()));
  for (const name of missing) known.set(name.toLowerCase(), name);

  if (missing.length > 0) statements.push(db.insert(tags).values(missing.map((name) => ({ businessId, name }))).onConflictDoNothing());
  statements.push(
    db
      .insert(questionTags)
      .select(
        db
          .select({ questionId: sql<number>`${questionId}`.as("question_id"), tagId: tags.id })
          .from(tags)
          .where(and(eq(tags.businessId, businessId), inArray(tags.name, names))),
      )
      .onConflictDoNothing(),
  );
  return statements;
}

/**
 * The question row's own columns from a validated, rendered question: the one mapping of the
 * API's names (`image`, `answerExplaination`) to the table's, for create, update and imports.
 */
export function questionColumns(question: RenderedQuestion) {
  return {
    questionText: question.questionText,
    questionHtml: question.questionTextHtml,
    questionImage: question.questionImage,
    explanationImage: question.image,
    optionType: question.optionType,
    answerKey: storedAnswerKey(question.answerKey, question.answerKeyHtml),
    // decisions.md: 0.5–100 with two decimals, stored as whole hundredths.
    defaultMarkHundredths: Math.round(question.defaultMark * 100),
    answerExplanation: question.answerExplaination,
  };
}

/** Where a new question goes and who wrote it. */
export interface NewQuestionPlace {
  businessId: number;
  teacherId: number;
  categoryId: number;
  courseId: number;
}

/**
 * Every statement that stores one new question (row, options, tags), for a batch of many:
 * the import puts hundreds in one `db.batch` (one transaction). Inside the batch's write
 * transaction ids only grow (AUTOINCREMENT) and no other writer runs, so `max(id)` right
 * after each insert is that question's id (as create-question.ts).
 */
export function newQuestionStatements(services: AppServices, place: NewQuestionPlace, question: RenderedQuestion, known: KnownTags, now: Date): BatchItem<"sqlite">[] {
  const newId = sql`(select max(${questions.id}) from ${questions})`;
  return [
    services.db.insert(questions).values({ ...place, ...questionColumns(question), createdAt: now, updatedAt: now }),
    ...optionAndTagStatementsWith(services, place.businessId, newId, question, known),
  ];
}

import { sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { bound } from "../../../db/prepared-batch";
import { qualified } from "../../../db/qualified";
import { questionOptions, questions, quizAttempts, quizQuestions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { QuestionType } from "../marking/question-types";
import { type AnswerView, answerViewOf } from "./answer-view";
import { storedQuestionType } from "./marking-question";
import type { AttemptOptionIds } from "./option-ids";
import type { AttemptPartIds } from "./part-ids";
import { shownOptionsOf, shownQuestionHead, signedImages } from "./shown-options";
import { keptPerQuiz } from "./kept-per-quiz";
import { perQuestionOfQuiz } from "./per-question-sql";
import type { QuestionKey } from "./scoring";

/**
 * A question as a student receives it before any answer is final: never which option is
 * right, nor any part of a key (answer-view.ts says what each type gets).
 */
export interface PaperQuestion extends AnswerView {
  id: number;
  questionId: number;
  questionText: string;
  /** Only when the text has formulas: it with them rendered to MathML (docs/decisions/0066). */
  questionTextHtml?: string;
  /** A signed URL (3600 s) or null. */
  questionImage: string | null;
  optionType: QuestionType;
  /** decisions.md `defaultMark`: what the question is worth in the quiz. */
  defaultMark: number;
  options: { id: number; optionText: string; optionTextHtml?: string }[];
}

/** The quiz's questions as stored, before an attempt's option order (loadPaperRows). */
export interface PaperRow {
  id: number;
  questionText: string;
  questionHtml: string | null;
  questionImage: string | null;
  optionType: QuestionType;
  /** In hundredths of a mark. */
  defaultMark: number;
  options: { id: number; optionText: string; optionHtml: string | null }[];
  /** Null for the quiz's own question; else the draws that may draw it (ADR 0077: attempt-paper.ts picks the attempt's). */
  inDraws: number[] | null;
}

/**
 * The quiz's questions in quiz order with their options, for the paper: one row. SQLite
 * folds each question's options, and then the questions, into one JSON array (reading 50
 * rows one at a time through the client cost more than the query: the exam-burst
 * benchmark, docs/performance.md). Never the options' status, and their stored order does
 * not matter (the attempt's option ids decide it, option-ids.ts).
 */
export async function loadPaperRows(services: AppServices, quizId: number): Promise<PaperRow[]> {
  const { query, values } = paperRowsRead(services, quizId);
  return paperRowsOf(await query.all(values));
}

/** loadPaperRows' statement, for sending with other reads (start-quiz.ts); paperRowsOf reads its answer. */
export function paperRowsRead(services: AppServices, quizId: number) {
  // Every start asks this: built once (db/prepared.ts).
  const query = prepared(services.db, "loadPaperRows", (db) => {
    const perQuestion = perQuestionOfQuiz(sql`${qualified(quizQuestions.position)} as position, json_object(
      'position', ${qualified(quizQuestions.position)}, 'id', ${qualified(questions.id)}, 'questionText', ${qualified(questions.questionText)},
      'questionHtml', ${qualified(questions.questionHtml)}, 'questionImage', ${qualified(questions.questionImage)}, 'optionType', ${qualified(questions.optionType)},
      'defaultMark', ${qualified(questions.defaultMarkHundredths)}, 'inDraws', json(${qualified(quizQuestions.inDraws)}), 'options', json_group_array(json_object('id', ${qualified(questionOptions.id)}, 'optionText', ${qualified(questionOptions.optionText)}, 'optionHtml', ${qualified(questionOptions.optionHtml)}))) as question`);
    return db
      .select({
        paper: sql<string>`json_group_array(json(p.question))`,
        // In the same statement, so of the same moment: a paper read while the quiz was taken is final (ADR 0022) and may be kept.
        taken: sql<number>`exists (select 1 from ${quizAttempts} where ${quizAttempts.quizId} = ${sql.placeholder("quizId")})`.mapWith((value) => Number(value) === 1),
      })
      .from(sql`(${perQuestion} order by position) p`)
      .prepare();
  });
  return bound(query, { quizId });
}

/** The paper rows of paperRowsRead's answer. */
export function paperRowsOf([{ paper }]: { paper: string }[]): PaperRow[] {
  type Folded = PaperRow & { position: number; options: { id: number | null; optionText: string; optionHtml: string | null }[] };
  // In quiz order whatever order the aggregate saw its rows in.
  return (JSON.parse(paper) as Folded[])
    .sort((a, b) => a.position - b.position)
    .map(({ position: _position, ...row }) => ({
      ...row,
      optionType: storedQuestionType(row.optionType),
      // A question without options (left join) folds into one object of nulls.
      options: row.options.filter((option): option is PaperRow["options"][number] => option.id !== null),
    }));
}

/**
 * The paper rows of a quiz that has an attempt, read once per quiz and kept (kept-per-quiz.ts):
 * its questions, their order, options and draws no longer change (ADR 0022: refused inside the
 * write). A start reads them for every student; only a start that found the quiz already taken
 * (or resumes an attempt) may use this; the first start of a quiz reads loadPaperRows. A start
 * that finds nothing kept reads the rows with the quiz and keeps them if that statement found the
 * quiz taken (paperRowsRead's `taken`; keep: start-quiz.ts).
 */
export const keptPaperRows = keptPerQuiz(loadPaperRows);

/** The keys of a paper with types without options and the attempt's ids of their parts (answer-view.ts). */
export interface PaperKeys {
  keyOf: ReadonlyMap<number, QuestionKey>;
  partIds: AttemptPartIds;
}

/**
 * What the student sees (startQuiz): text, signed image, options without their status, with
 * the attempt's own option ids and in the order those give (option-ids.ts); for the other
 * types, the key-free view of answer-view.ts with the attempt's part ids (`keyed`, given when
 * the paper has such a question).
 */
export async function examPaperOf(services: AppServices, rows: PaperRow[], optionIds: AttemptOptionIds, keyed?: PaperKeys): Promise<PaperQuestion[]> {
  // Images signed first, each once (most papers have none), then the paper built synchronously:
  // a start no longer waits on 50 settled promises (issue 25 point 8, as the review).
  const signed = await signedImages(services, rows.flatMap((row) => (row.questionImage ? [row.questionImage] : [])));
  return rows.map((row) => {
    const key = keyed?.keyOf.get(row.id);
    return {
      ...shownQuestionHead(row, signed),
      defaultMark: row.defaultMark / 100,
      options: shownOptionsOf(optionIds.shownIdsOf(row.options.map((option) => option.id)), row.options),
      ...(key && keyed ? answerViewOf(key, keyed.partIds) : {}),
    };
  });
}

import { type SQL, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { bound } from "../../../db/prepared-batch";
import { qualified } from "../../../db/qualified";
import { questionOptions, questions, quizAttempts, quizQuestions, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { QuestionType } from "../marking/question-types";
import { type AnswerView, answerViewOf } from "./answer-view";
import { storedQuestionType } from "./marking-question";
import type { AttemptOptionIds } from "./option-ids";
import type { AttemptPartIds } from "./part-ids";
import { shownOptionsOf, shownQuestionHead, signedImages } from "./shown-options";
import { keptPerQuiz } from "./kept-per-quiz";
import { perQuestionOfQuiz } from "./per-question-sql";
import { questionsStamp } from "./paper-stamp";
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
  // Read once per quiz and kept (keptPaperRows): built once (db/prepared.ts).
  const query = prepared(services.db, "loadPaperRows", (db) => db.select({ paper: foldedPaper() }).from(paperOfQuiz()).prepare());
  const [{ paper }] = await query.all({ quizId });
  return paperRowsOf(paper);
}

/** A start's paper (startPaperRead): the rows and what its insert checks them by. */
export interface StartPaper {
  rows: PaperRow[];
  /**
   * Null when the statement found the quiz taken: the rows are final (ADR 0022) and may be
   * kept. Else the quiz's updated_at and its questions' stamp of the same moment as the rows
   * (paper-stamp.ts): the insert of a first start checks both are unchanged (ADR 0092).
   */
  stamps: { quizUpdatedAt: number; questionsStamp: number } | null;
}

/**
 * loadPaperRows' rows with, in the same statement (so of the same moment), whether the quiz is
 * taken and, while it is not, the quiz's updated_at and its questions' stamp: a start sends it
 * with its other reads (start-quiz.ts, ADR 0090) and needs no further read to guard its insert
 * (ADR 0092). startPaperOf reads its answer.
 */
export function startPaperRead(services: AppServices, quizId: number) {
  // Every start that has no kept paper asks this: built once (db/prepared.ts).
  const query = prepared(services.db, "loadPaperRows:start", (db) => {
    const quizId = sql.placeholder("quizId");
    const taken = sql`exists (select 1 from ${quizAttempts} where ${qualified(quizAttempts.quizId)} = ${quizId})`;
    return db
      .select({
        paper: foldedPaper(),
        taken: sql<number>`${taken}`.mapWith((value) => Number(value) === 1),
        // CASE skips the stamp's sum once the quiz is taken: its questions no longer change.
        questionsStamp: sql<number | null>`case when ${taken} then null else ${questionsStamp(quizId)} end`,
        quizUpdatedAt: sql<number>`(select ${qualified(quizzes.updatedAt)} from ${quizzes} where ${qualified(quizzes.id)} = ${quizId})`,
      })
      .from(paperOfQuiz())
      .prepare();
  });
  return bound(query, { quizId });
}

/** The start's paper of startPaperRead's answer. */
export function startPaperOf([read]: Awaited<ReturnType<ReturnType<typeof startPaperRead>["query"]["all"]>>): StartPaper {
  const rows = paperRowsOf(read.paper);
  return { rows, stamps: read.taken || read.questionsStamp === null ? null : { quizUpdatedAt: Number(read.quizUpdatedAt), questionsStamp: Number(read.questionsStamp) } };
}

/** startPaperRead on its own (a start that found a kept paper but the quiz not taken: see start-quiz.ts). */
export async function loadStartPaper(services: AppServices, quizId: number): Promise<StartPaper> {
  const { query, values } = startPaperRead(services, quizId);
  return startPaperOf(await query.all(values));
}

/** The quiz's questions with their options, one JSON object a question (the `quizId` placeholder). */
function paperOfQuiz(): SQL {
  const perQuestion = perQuestionOfQuiz(sql`${qualified(quizQuestions.position)} as position, json_object(
    'position', ${qualified(quizQuestions.position)}, 'id', ${qualified(questions.id)}, 'questionText', ${qualified(questions.questionText)},
    'questionHtml', ${qualified(questions.questionHtml)}, 'questionImage', ${qualified(questions.questionImage)}, 'optionType', ${qualified(questions.optionType)},
    'defaultMark', ${qualified(questions.defaultMarkHundredths)}, 'inDraws', json(${qualified(quizQuestions.inDraws)}), 'options', json_group_array(json_object('id', ${qualified(questionOptions.id)}, 'optionText', ${qualified(questionOptions.optionText)}, 'optionHtml', ${qualified(questionOptions.optionHtml)}))) as question`);
  return sql`(${perQuestion} order by position) p`;
}

const foldedPaper = () => sql<string>`json_group_array(json(p.question))`;

function paperRowsOf(paper: string): PaperRow[] {
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
 * (or resumes an attempt) may use this; the first start of a quiz reads startPaperRead. A start
 * that finds nothing kept reads the rows with its other reads and keeps them if that statement
 * found the quiz taken (startPaperRead's `taken`; keep: start-quiz.ts).
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

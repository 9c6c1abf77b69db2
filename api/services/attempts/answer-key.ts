import { eq, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { qualified } from "../../../db/qualified";
import { questionOptions, questions, quizQuestions, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { keptPerQuiz } from "./kept-per-quiz";
import { isKeyedType, type KeyedType } from "../marking/question-types";
import { ANSWER_KEY_SCHEMAS } from "../marking/schemas";
import { storedQuestionType } from "./marking-question";
import { perQuestionOfQuiz } from "./per-question-sql";
import { readStoredAnswerKey } from "../questions/stored-answer-key";
import type { NegativeMarkingRule, QuestionKey } from "./scoring";

export interface AnswerKey {
  /** In quiz order. */
  keys: QuestionKey[];
  optionsOf: Map<number, Set<number>>;
  positionOf: Map<number, number>;
  /** The quiz's negative marking, for grading. */
  rule: NegativeMarkingRule;
}

type QuestionsKey = Pick<AnswerKey, "keys" | "optionsOf" | "positionOf">;

/**
 * What grading needs (server only): each question's correct option ids, in quiz order, and
 * the quiz's negative marking.
 *
 * Only for a quiz that has an attempt (every caller holds one). Such a quiz's questions,
 * their order and their options can no longer change (ADR 0014, 0016: editing them is
 * refused inside the write, ADR 0022), so the questions' part is read once per quiz and
 * database handle and kept; the settings, which stay editable, are read every time. Whether
 * the quiz is timed per question is not here: answering reads it with the attempt's row
 * (deadline.ts AttemptToAnswer), the only place it is read.
 */
export async function loadAnswerKey(services: AppServices, quizId: number): Promise<AnswerKey> {
  const [whole, settings] = await Promise.all([questionsKeyOf(services, quizId), quizSettingsOf(services, quizId)]);
  return { ...whole, ...settings };
}

/**
 * The kept key of the questions `questionIds` that are in the quiz, without the quiz's
 * settings (no read once kept): for checking answers, whose attempt row carries the one
 * setting they need (deadline.ts AttemptToAnswer).
 */
export async function loadKeyOfQuestions(services: AppServices, quizId: number, questionIds: number[]): Promise<QuestionsKey> {
  return onlyQuestions(await questionsKeyOf(services, quizId), questionIds);
}

function onlyQuestions(whole: QuestionsKey, questionIds: number[]): QuestionsKey {
  const asked = new Set(questionIds);
  const keys = whole.keys.filter((key) => asked.has(key.id));
  const only = <V>(map: Map<number, V>) => new Map([...asked].filter((id) => map.has(id)).map((id) => [id, map.get(id)!]));
  return { keys, optionsOf: only(whole.optionsOf), positionOf: only(whole.positionOf) };
}

/** The kept part of the key alone (no settings read): each question's key in quiz order (the close grades with it), its options (for mapping option ids, option-ids.ts) and the other types' keys. */
export function loadQuestionsKey(services: AppServices, quizId: number): Promise<QuestionsKey> {
  return questionsKeyOf(services, quizId);
}

/** The questions' part of a taken quiz's key, kept (kept-per-quiz.ts). */
const questionsKeyOf = keptPerQuiz(readQuestionsKey);

/** [question id, position, option type, option ids "1,2,3" or null, correct option ids or null, answer key or null, mark in hundredths] */
type KeyEntry = [number, number, string, string | null, string | null, unknown, number];

/**
 * One row: SQLite folds each question's option ids into a list and the questions into one
 * JSON array (reading 50 rows one at a time through the client cost more than the query:
 * the exam-burst benchmark, docs/performance.md).
 */
async function readQuestionsKey(services: AppServices, quizId: number): Promise<QuestionsKey> {
  const query = prepared(services.db, "readQuestionsKey", (db) => {
    const perQuestion = perQuestionOfQuiz(sql`${qualified(questions.id)} as id, ${qualified(quizQuestions.position)} as position, ${qualified(questions.optionType)} as option_type,
      group_concat(${qualified(questionOptions.id)}) as option_ids,
      group_concat(case when ${qualified(questionOptions.isCorrect)} then ${qualified(questionOptions.id)} end) as correct_ids,
      ${qualified(questions.answerKey)} as answer_key, ${qualified(questions.defaultMarkHundredths)} as mark`);
    return db
      .select({ keys: sql<string>`json_group_array(json_array(k.id, k.position, k.option_type, k.option_ids, k.correct_ids, json(k.answer_key), k.mark))` })
      .from(sql`(${perQuestion}) k`)
      .prepare();
  });
  const [{ keys }] = await query.all({ quizId });
  const entries = (JSON.parse(keys) as KeyEntry[]).sort((a, b) => a[1] - b[1]);
  const ids = (list: string | null) => (list ? list.split(",").map(Number).sort((a, b) => a - b) : []);
  return {
    keys: entries.map(([id, , stored, , correctIds, answerKey, mark]) => {
      const optionType = storedQuestionType(stored);
      if (!isKeyedType(optionType)) return { id, optionType, correctOptionIds: ids(correctIds), answerKey: undefined, markHundredths: mark };
      const { rendered } = readStoredAnswerKey(answerKey);
      return { id, optionType, correctOptionIds: ids(correctIds), answerKey: readKey(id, optionType, answerKey), ...(Object.keys(rendered).length > 0 ? { keyHtml: rendered } : {}), markHundredths: mark };
    }),
    optionsOf: new Map(entries.map(([id, , , optionIds]) => [id, new Set(ids(optionIds))])),
    positionOf: new Map(entries.map(([id, position]) => [id, position])),
  };
}

/**
 * A stored key read through its type's schema, once per quiz and process (the key is kept):
 * what the markers and the paper's view get is always the schema's shape. A key that no
 * longer reads (it was written by hand, or by an older rule) is logged and left out: its
 * question earns nothing and shows no parts, rather than a submit answering 500.
 */
function readKey(questionId: number, optionType: KeyedType, stored: unknown): unknown {
  const read = ANSWER_KEY_SCHEMAS[optionType].safeParse(stored);
  if (read.success) return read.data;
  console.error(`The answer key of question ${questionId} (${optionType}) does not read: ${read.error.issues[0]?.message ?? "no key"}`);
  return undefined;
}

async function quizSettingsOf(services: AppServices, quizId: number): Promise<Pick<AnswerKey, "rule">> {
  const query = prepared(services.db, "quizSettingsOf", (db) =>
    db
      .select({
        negativeMarking: quizzes.negativeMarking,
        consecutiveWrongAnswersForNegativeMarking: quizzes.consecutiveWrongAnswersForNegativeMarking,
      })
      .from(quizzes)
      .where(eq(quizzes.id, sql.placeholder("quizId")))
      .prepare(),
  );
  const [found] = await query.all({ quizId });
  return {
    rule: { negativeMarking: found?.negativeMarking ?? false, consecutiveWrongAnswersForNegativeMarking: found?.consecutiveWrongAnswersForNegativeMarking ?? null },
  };
}

import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { qualified } from "../../../db/qualified";
import { questionOptions, questions, quizQuestions, quizzes } from "../../../db/schema";
import type { OptionType } from "../../../db/schema/questions";
import type { AppServices } from "../../context";
import type { NegativeMarkingRule, QuestionKey } from "./scoring";

export interface AnswerKey {
  /** In quiz order. */
  keys: QuestionKey[];
  optionsOf: Map<number, Set<number>>;
  positionOf: Map<number, number>;
  /** Whether the quiz's questions close one by one (question-window.ts). */
  timedPerQuestion: boolean;
  /** The quiz's negative marking, for grading. */
  rule: NegativeMarkingRule;
}

/** [question id, position, option type, option ids "1,2,3" or null, correct option ids or null] */
type KeyEntry = [number, number, OptionType, string | null, string | null];

/**
 * What grading needs (server only): each question's correct option ids, in quiz order, and
 * the quiz's marking rule. With `questionIds` (checking answers to those questions), only
 * those that are in the quiz. One row: SQLite folds each question's option ids into a list
 * and the questions into one JSON array. Every autosave and every submit asks for it, and
 * reading 50 rows one at a time through the client cost more than the query itself (the
 * exam-burst benchmark, docs/performance.md).
 */
export async function loadAnswerKey(services: AppServices, quizId: number, questionIds?: number[]): Promise<AnswerKey> {
  // Built once per form (db/prepared.ts).
  const query = questionIds
    ? prepared(services.db, "loadAnswerKey:some", (db) =>
        answerKeyQuery(db, sql`and ${qualified(quizQuestions.questionId)} in (select value from json_each(${sql.placeholder("questionIds")}))`).prepare(),
      )
    : prepared(services.db, "loadAnswerKey:all", (db) => answerKeyQuery(db).prepare());
  // The ids as one JSON parameter (as inIds does): 100 answers would pass D1's 100 bound parameters.
  const [found] = await query.all({ quizId, questionIds: JSON.stringify(questionIds ?? []) });
  const entries = found ? (JSON.parse(found.keys) as KeyEntry[]).sort((a, b) => a[1] - b[1]) : [];
  const ids = (list: string | null) => (list ? list.split(",").map(Number).sort((a, b) => a - b) : []);
  return {
    keys: entries.map(([id, , optionType, , correctIds]) => ({ id, optionType, correctOptionIds: ids(correctIds) })),
    optionsOf: new Map(entries.map(([id, , , optionIds]) => [id, new Set(ids(optionIds))])),
    positionOf: new Map(entries.map(([id, position]) => [id, position])),
    timedPerQuestion: found?.quizTimeType === "Question",
    rule: {
      negativeMarking: found?.negativeMarking ?? false,
      consecutiveWrongAnswersForNegativeMarking: found?.consecutiveWrongAnswersForNegativeMarking ?? null,
    },
  };
}

function answerKeyQuery(db: Db, onlyQuestions: SQL = sql``) {
  const perQuestion = sql`select ${qualified(questions.id)} as id, ${qualified(quizQuestions.position)} as position, ${qualified(questions.optionType)} as option_type,
      group_concat(${qualified(questionOptions.id)}) as option_ids,
      group_concat(case when ${qualified(questionOptions.isCorrect)} then ${qualified(questionOptions.id)} end) as correct_ids
    from ${quizQuestions}
    join ${questions} on ${qualified(questions.id)} = ${qualified(quizQuestions.questionId)}
    left join ${questionOptions} on ${qualified(questionOptions.questionId)} = ${qualified(questions.id)}
    where ${qualified(quizQuestions.quizId)} = ${sql.placeholder("quizId")} ${onlyQuestions}
    group by ${qualified(quizQuestions.questionId)}`;
  return db
    .select({
      quizTimeType: quizzes.quizTimeType,
      negativeMarking: quizzes.negativeMarking,
      consecutiveWrongAnswersForNegativeMarking: quizzes.consecutiveWrongAnswersForNegativeMarking,
      keys: sql<string>`(select json_group_array(json_array(k.id, k.position, k.option_type, k.option_ids, k.correct_ids)) from (${perQuestion}) k)`,
    })
    .from(quizzes)
    .where(eq(quizzes.id, sql.placeholder("quizId")));
}

import { sql, type SQL } from "drizzle-orm";
import { qualified } from "../../../db/qualified";
import { questionOptions, questions, quizQuestions } from "../../../db/schema";

/**
 * One row per question of a quiz (the `quizId` placeholder of a prepared query), with the
 * question's options joined and grouped, so `columns` may fold them with an aggregate
 * (group_concat, json_group_array). The paper and the answer key are built on it.
 */
export function perQuestionOfQuiz(columns: SQL): SQL {
  return sql`select ${columns}
    from ${quizQuestions}
    join ${questions} on ${qualified(questions.id)} = ${qualified(quizQuestions.questionId)}
    left join ${questionOptions} on ${qualified(questionOptions.questionId)} = ${qualified(questions.id)}
    where ${qualified(quizQuestions.quizId)} = ${sql.placeholder("quizId")}
    group by ${qualified(quizQuestions.questionId)}`;
}

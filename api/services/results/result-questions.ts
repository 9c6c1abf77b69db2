import { sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { questionOptions, questions, quizQuestions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { keptPerQuiz } from "../attempts/kept-per-quiz";
import { storedQuestionType } from "../attempts/marking-question";
import type { QuestionType } from "../marking/question-types";

/** One question of a taken quiz as its results show it, the key included (server only). */
export interface ResultQuestionContent {
  id: number;
  questionText: string;
  /** The question text with its formulas rendered, or null. */
  questionHtml: string | null;
  /** A stored file key (signed per read), or null. */
  questionImage: string | null;
  optionType: QuestionType;
  /** The question's mark in hundredths. */
  mark: number;
  explanation: string;
  explanationImage: string | null;
  /** In the author's order, with stored ids. */
  options: { id: number; optionText: string; optionHtml: string | null; isCorrect: boolean }[];
}

/** [id, questionText, questionImage, optionType, explanation, explanationImage, [[id, text, isCorrect 1/0, html or null], …], questionHtml, mark in hundredths] */
type QuestionJson = [number, string, string | null, string, string, string | null, [number, string, number, string | null][], string | null, number];

/**
 * The questions of a quiz that has an attempt, in quiz order, as every result of it shows
 * them: read once per quiz and kept (kept-per-quiz.ts: a taken quiz's questions no longer
 * change). A class opening its results right after submitting made SQLite build and the
 * client parse these 50 questions with their options for every student (docs/performance.md,
 * issue 25 point 8); what differs per attempt (its answers, its ids, the student's thumbs) is
 * read per request. One JSON row that SQLite folds, not 50 rows and their options.
 */
export const resultQuestionsOf = keptPerQuiz(async (services: AppServices, quizId: number): Promise<ResultQuestionContent[]> => {
  const query = prepared(services.db, "resultQuestionsOf", (db) =>
    db
      .select({
        json: sql<string>`json_group_array(json_array(
          ${questions.id}, ${questions.questionText}, ${questions.questionImage}, ${questions.optionType}, ${questions.answerExplanation}, ${questions.explanationImage},
          (select json_group_array(json_array(id, option_text, is_correct, option_html)) from (select ${questionOptions.id} as id, ${questionOptions.optionText} as option_text, ${questionOptions.isCorrect} as is_correct, ${questionOptions.optionHtml} as option_html
            from ${questionOptions} where ${questionOptions.questionId} = ${questions.id} order by ${questionOptions.position})),
          ${questions.questionHtml}, ${questions.defaultMarkHundredths}
        ))`,
      })
      // The quiz's questions in their order first: json_group_array keeps the order it is fed.
      .from(sql`(select ${quizQuestions.questionId} as question_id from ${quizQuestions} where ${quizQuestions.quizId} = ${sql.placeholder("quizId")} order by ${quizQuestions.position}) as ordered`)
      .innerJoin(questions, sql`${questions.id} = ordered.question_id`)
      .prepare(),
  );
  const [{ json }] = await query.all({ quizId });
  return (JSON.parse(json) as QuestionJson[]).map(([id, questionText, questionImage, optionType, explanation, explanationImage, options, questionHtml, mark]) => ({
    id,
    questionText,
    questionHtml,
    questionImage,
    optionType: storedQuestionType(optionType),
    mark,
    explanation,
    explanationImage,
    options: options.map(([optionId, optionText, isCorrect, optionHtml]) => ({ id: optionId, optionText, optionHtml, isCorrect: isCorrect === 1 })),
  }));
});

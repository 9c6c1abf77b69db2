import { eq } from "drizzle-orm";
import { questions, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, type ErrorCode, Invalid } from "../core/errors";
import { signFileUrl } from "../files/signed-url";
import { answersDuringAttempt } from "../quizzes/answer-timing";
import { loadKeyOfQuestions } from "./answer-key";
import { optionIdsOf } from "./option-ids";
import { loadOwnAttempt } from "./own-attempt";
import { assertAcceptsAnswers, checkedAnswers, writeAnswers } from "./save-answers";
import { AnswerOneInput, ONE_BY_ONE_ONLY } from "./schemas";
import { gradeAttempt } from "./scoring";
import { explanationForPage } from "../questions/sanitise-explanation";

export interface CheckedAnswer {
  /** "yes" right, "no" wrong (spec 4's one-by-one states). */
  answerStatus: "yes" | "no";
  /** Only when the quiz shows answers: the right options and the explanation. */
  correctOptionIds?: number[];
  answerExplaination?: string;
  image?: string | null;
}

/**
 * decisions.md "Taking": answerOne { takenQuizId, questionId, optionType, answer } makes that
 * answer final and says whether it is right (spec 4: one-by-one Check), plus the right
 * options and the explanation when the quiz shows answers. Only in one-by-one exams, which
 * exist only where answers are shown (spec 2.4), so an all-at-once exam never learns a
 * single answer's correctness before it is submitted. Checked once: the answer cannot change.
 */
export async function answerOne(services: AppServices, caller: Caller, input: unknown): Promise<CheckedAnswer> {
  const { takenQuizId, questionId, answer } = AnswerOneInput.parse(input);
  const attempt = await loadOwnAttempt(services, caller, takenQuizId);
  if (attempt.examMode !== "onebyone") throw new Conflict(ONE_BY_ONE_ONLY);
  await assertAcceptsAnswers(services, attempt);
  const [row] = await checkedAnswers(services, attempt, [{ questionId, answer }], "refuse").catch((error: unknown) => {
    throw withTopLevelFields(error);
  });
  // The kept key of this question alone: grading one answer needs none of the quiz's settings.
  const { keys, optionsOf } = await loadKeyOfQuestions(services, attempt.quizId, [questionId]);
  const [key] = keys;
  const [graded] = gradeAttempt([key], [{ questionId, answer: row.selectedOptionIds }], { negativeMarking: false, consecutiveWrongAnswersForNegativeMarking: 0 }).questions;
  const isCorrect = graded.isCorrect === true;
  await writeAnswers(services, caller, attempt, [{ ...row, isCorrect, answerStatus: isCorrect ? "yes" : "no" }], services.now());
  const [shown] = await services.db
    .select({ showAnswer: quizzes.showAnswer, showAnswerTiming: quizzes.showAnswerTiming, explanation: questions.answerExplanation, image: questions.explanationImage })
    .from(quizzes)
    .innerJoin(questions, eq(questions.id, questionId))
    .where(eq(quizzes.id, attempt.quizId));
  const answerStatus = isCorrect ? "yes" : "no";
  // The quiz's timing now (a teacher may have changed it since the start): ADR 0030.
  if (!shown || !answersDuringAttempt(shown)) return { answerStatus };
  return {
    answerStatus,
    // As the attempt's own ids, like the paper it answers (option-ids.ts).
    correctOptionIds: (await optionIdsOf(services, attempt.id)).shownChoice(optionsOf.get(questionId) ?? [], key.correctOptionIds),
    answerExplaination: explanationForPage(shown.explanation),
    image: shown.image ? await signFileUrl(services, shown.image) : null,
  };
}

/**
 * checkedAnswers names the fields of its list (`answers.0.questionId`); answerOne's body has
 * `questionId` and `answer` at the top, so its refusal names those (a client marks its own field).
 */
function withTopLevelFields(error: unknown): unknown {
  if (!(error instanceof Invalid) || !error.fieldErrors) return error;
  const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field.replace(/^answers\.0\./, ""), message]));
  return new Invalid(error.message, fields, error.code as ErrorCode);
}

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
import { ATTEMPT_MESSAGES, AnswerOneInput, ONE_BY_ONE_ONLY } from "./schemas";
import { isKeyedType } from "../marking/question-types";
import { say } from "../message-codes";
import type { Saying } from "../core/errors";
import { rightAnswerOf } from "./answer-view";
import { partIdsOf } from "./part-ids";
import { gradeAttempt } from "./scoring";
import { explanationForPage } from "../questions/sanitise-explanation";

export interface CheckedAnswer {
  /** "yes" right, "partial" part of the mark, "no" wrong (spec 4's one-by-one states, with partial credit). */
  answerStatus: "yes" | "partial" | "no";
  /** Only when the quiz shows answers: the right options (or, for the other types, an answer earning the full mark) and the explanation. */
  correctOptionIds?: number[];
  rightAnswer?: Record<string, unknown>;
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
  const [{ keys, optionsOf }, partIds] = await Promise.all([loadKeyOfQuestions(services, attempt.quizId, [questionId]), partIdsOf(services, attempt.id)]);
  const [key] = keys;
  // decisions.md: Check is for every automatically marked type; an essay waits for a person.
  if (key.optionType === "essay") throw refusedAnswer(say("STUDENT_ANSWER_ESSAY_NOT_CHECKED"));
  if (row.answerStatus !== "yes") throw refusedAnswer(ATTEMPT_MESSAGES.chooseFirst);
  const [graded] = gradeAttempt([key], [{ questionId, answer: row.selectedOptionIds, response: row.response }], { negativeMarking: false, consecutiveWrongAnswersForNegativeMarking: 0 }, partIds).questions;
  const isCorrect = graded.isCorrect === true;
  const answerStatus = graded.answerStatus === "partial" ? "partial" : isCorrect ? "yes" : "no";
  await writeAnswers(services, caller, attempt, [{ ...row, isCorrect, answerStatus }], services.now());
  const [shown] = await services.db
    .select({ showAnswer: quizzes.showAnswer, showAnswerTiming: quizzes.showAnswerTiming, explanation: questions.answerExplanation, image: questions.explanationImage })
    .from(quizzes)
    .innerJoin(questions, eq(questions.id, questionId))
    .where(eq(quizzes.id, attempt.quizId));
  // The quiz's timing now (a teacher may have changed it since the start): ADR 0030.
  if (!shown || !answersDuringAttempt(shown)) return { answerStatus };
  return {
    answerStatus,
    // As the attempt's own ids, like the paper it answers (option-ids.ts, part-ids.ts).
    ...(isKeyedType(key.optionType)
      ? { rightAnswer: rightAnswerOf(key, partIds) as Record<string, unknown> }
      : { correctOptionIds: (await optionIdsOf(services, attempt.id)).shownChoice(optionsOf.get(questionId) ?? [], key.correctOptionIds) }),
    answerExplaination: explanationForPage(shown.explanation),
    image: shown.image ? await signFileUrl(services, shown.image) : null,
  };
}

/** A Check that cannot be made (nothing chosen, an essay): 400 on the answer, nothing written. */
const refusedAnswer = (saying: Saying) => new Invalid(saying, { answer: saying });

/**
 * checkedAnswers names the fields of its list (`answers.0.questionId`); answerOne's body has
 * `questionId` and `answer` at the top, so its refusal names those (a client marks its own field).
 */
function withTopLevelFields(error: unknown): unknown {
  if (!(error instanceof Invalid) || !error.fieldErrors) return error;
  const fields = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, message]) => [field.replace(/^answers\.0\./, ""), message]));
  return new Invalid(error.message, fields, error.code as ErrorCode);
}

import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT } from "../core/coded";
import { EXAM_MODES } from "../../../db/schema/attempts";
import { REFUSALS } from "../core/refusals";
import { QUESTION_TYPES } from "../marking/question-types";

/** Spec 5 and 8, verbatim, and our own texts where the spec has none. */
export const ATTEMPT_MESSAGES = {
  passwordRequired: "Password required!",
  passwordInvalid: "password invalid",
  attemptLimit: "Sorry, You have reached your total attempt limit for this quiz.",
  notOpen: REFUSALS.quizNotOpen,
  premiumOnly: REFUSALS.premiumOnly,
  submitted: "This attempt is already submitted",
  timeUp: "Time is up: answers are no longer accepted for this attempt",
  questionNotInQuiz: "This question is not part of the attempt",
  optionNotInQuestion: "This option does not belong to the question",
  oneOptionOnly: "A one-answer question takes one option",
  answerIsFinal: "This answer was already checked and cannot change",
  questionClosed: "The time for this question is over",
  quizNotOfAttempt: "quizId is not the quiz of this attempt",
  chooseFirst: "Choose an answer first",
} as const;

/** Spec 9: at most 100 questions per quiz, 5 options per question. */
export const MAX_ANSWERS = 100;
export const MAX_OPTIONS = 5;
/** decisions.md "Deadlines": answers up to the deadline plus this network grace count. */
export const DEADLINE_GRACE_MS = 30_000;

const id = (label: string) => z.number({ error: `${label} must be an id` }).int(`${label} must be an id`).positive(`${label} must be an id`);

export const StartQuizInput = z.object(
  {
    quizId: id("quizId"),
    password: z.string({ error: "password must be text" }).max(100, "password must be at most 100 characters").optional(),
    examMode: z.enum(EXAM_MODES, { error: "examMode must be all or onebyone" }).optional(),
  },
  { error: BODY_NOT_AN_OBJECT },
);

/**
 * The answer of one question in any of its types (decisions.md "Answers"): `[optionId, …]` for
 * the choice types, the type's own object for the others. Read by the question's type once the
 * attempt's questions are known (typed-answer.ts), so each is refused with its own message.
 */
const anyAnswer = z.unknown().openapi({
  description: "[optionId, …] (radio, checkbox, trueFalse) or the type's own object: { text }, { value, unit? }, { pairs: [{ stemId, choiceId }] }, { order: [itemId, …] }, { gaps: [string, …] }, { html }",
});

/** One answer, everywhere in the exam API: `{ questionId, answer }`. */
export const AnswerInput = z.object({
  questionId: id("questionId"),
  answer: anyAnswer,
  /** Marked for review (spec 4: possible only while unanswered). */
  markedForReview: z.boolean({ error: "markedForReview must be true or false" }).optional(),
});
export type AnswerInput = z.output<typeof AnswerInput>;

const answers = z.array(AnswerInput, { error: "answers must be a list" }).max(MAX_ANSWERS, `At most ${MAX_ANSWERS} answers per request`);

export const SaveAnswersInput = z.object({ takenQuizId: id("takenQuizId"), answers }, { error: BODY_NOT_AN_OBJECT });

export const AnswerAllInput = z.object(
  {
    takenQuizId: id("takenQuizId"),
    quizId: id("quizId").optional(),
    answers: answers.optional(),
    /** Advisory only: the server's clock decides (decisions.md). */
    timeTaken: z.number().optional(),
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const AnswerOneInput = z.object(
  {
    takenQuizId: id("takenQuizId"),
    questionId: id("questionId"),
    /** Advisory (the question's own type decides how its answer is read). */
    optionType: z.enum(QUESTION_TYPES, { error: "optionType must be a question type" }).optional(),
    answer: anyAnswer,
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const RateQuizInput = z.object(
  {
    quizId: id("quizId"),
    rating: z.number({ error: "Rating must be a whole number from 1 to 5" }).int("Rating must be a whole number from 1 to 5").min(1, "Rating must be a whole number from 1 to 5").max(5, "Rating must be a whole number from 1 to 5"),
  },
  { error: BODY_NOT_AN_OBJECT },
);

export const ONE_BY_ONE_ONLY = "Checking one answer is for one-by-one exams";
export const RATE_AFTER_TAKING = "Rate a quiz after you have finished it";
export const RATING_SAVED = "Thank you for rating this quiz";

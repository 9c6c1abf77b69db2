import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT } from "../core/coded";
import { EXAM_MODES } from "../../../db/schema/attempts";
import { REFUSALS } from "../core/refusals";

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

/** One answer, everywhere in the exam API: the chosen option ids of one question. */
export const AnswerInput = z.object({
  questionId: id("questionId"),
  answer: z.array(id("An option"), { error: "answer must be a list of option ids" }).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options per answer`),
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
    optionType: z.enum(["radio", "checkbox"], { error: "optionType must be radio or checkbox" }).optional(),
    answer: z.array(id("An option"), { error: "answer must be a list of option ids" }).min(1, "Choose an answer first").max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options per answer`),
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

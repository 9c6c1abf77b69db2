import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { questionFeedback, quizAttempts, quizQuestions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { questionOnAttemptPaper } from "../attempts/paper-sql";
import { rateLimit, tooManyAs } from "../auth/rate-limit";
import { assertStudent } from "../core/permissions";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";
import { FEEDBACK_FORM_MESSAGES } from "./messages";

export const FEEDBACK_MESSAGES = {
  submitted: "Feedback submitted",
  textRequired: FEEDBACK_FORM_MESSAGES.textRequired,
  textTooLong: FEEDBACK_FORM_MESSAGES.textTooLong,
} as const;

/**
 * Per student, far above what anyone writes by hand (a remark on every fifth question of a
 * long quiz) and far below a script (300 in 12 s were accepted): docs/decisions/0032.
 */
export const FEEDBACK_LIMITS = { perTenMinutes: 20, perDay: 100 } as const;
const MINUTE_MS = 60 * 1000;
export const MAX_FEEDBACK = 2000;

const SendFeedbackInput = z.object(
  {
    questionId: z.number({ error: "questionId must be an id" }).int("questionId must be an id").positive("questionId must be an id"),
    feedbackText: z
      .string({ error: schemaMessage("FEEDBACK_TEXT_REQUIRED") })
      .trim()
      .min(1, schemaMessage("FEEDBACK_TEXT_REQUIRED"))
      .max(MAX_FEEDBACK, schemaMessage("FEEDBACK_TEXT_TOO_LONG")),
  },
  { error: BODY_NOT_AN_OBJECT },
);

/**
 * Spec 7 POST /api/feedback/sendQuestionFeedback { questionId, feedbackText }: a student's
 * remark on a question of a quiz they have taken, for its teachers (status Pending). Spec 5
 * says the submit itself does not check emptiness; the server does ('Please write your
 * feedback'). A question the student never met in an attempt answers 404 like one that does
 * not exist, so question ids of other quizzes or businesses are not confirmed.
 */
export async function sendQuestionFeedback(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; feedbackId: number }> {
  assertStudent(caller);
  const { questionId, feedbackText } = SendFeedbackInput.parse(input);
  await rateLimit(
    services,
    [
      { key: `feedback:10m:${caller.userId}`, limit: FEEDBACK_LIMITS.perTenMinutes, windowMs: 10 * MINUTE_MS },
      { key: `feedback:day:${caller.userId}`, limit: FEEDBACK_LIMITS.perDay, windowMs: 24 * 60 * MINUTE_MS },
    ],
    tooManyAs("TOO_MUCH_FEEDBACK"),
  );
  const db = services.db;
  const [met] = await db
    .select({ attemptId: quizAttempts.id })
    .from(quizAttempts)
    .innerJoin(quizQuestions, and(eq(quizQuestions.quizId, quizAttempts.quizId), eq(quizQuestions.questionId, questionId), questionOnAttemptPaper(questionId)))
    .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.studentId, caller.userId)))
    .limit(1);
  if (!met) throw new NotFound("question");
  const [row] = await db
    .insert(questionFeedback)
    .values({ businessId: caller.businessId, questionId, studentId: caller.userId, feedbackText, createdAt: services.now() })
    .returning({ id: questionFeedback.id });
  return { message: FEEDBACK_MESSAGES.submitted, feedbackId: row.id };
}


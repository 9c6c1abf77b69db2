import { MAX_EPOCH_SECONDS } from "../quizzes/schemas";
import type { QuizSettings } from "./effective-settings";
import { quizSettingsOf } from "./student-settings";

/**
 * The end an attempt keeps as its own (quiz_attempts.ends_at, ADR 0079): the student's end
 * when their classes or override give them another than the quiz's, else null, so the quiz's
 * end as the quiz says now still ends the attempt (ADR 0031). "No end" while the quiz has one
 * is the last representable second.
 */
export function ownEndOf(quiz: Parameters<typeof quizSettingsOf>[0], settings: Pick<QuizSettings, "endDate">): Date | null {
  const quizEnd = quizSettingsOf(quiz).endDate;
  if (settings.endDate === quizEnd) return null;
  return new Date((settings.endDate ?? MAX_EPOCH_SECONDS) * 1000);
}



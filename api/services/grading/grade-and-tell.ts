import { eq } from "drizzle-orm";
import { quizzes, users } from "../../../db/schema";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../locales/languages";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { escapeHtml } from "../escape-html";
import { emailTranslator } from "../mail/email-language";
import { type GradedAnswer, gradeAnswer } from "./grade-answer";

/**
 * POST /api/takenQuiz/grade: the grade (grade-answer.ts), then, when it was the last essay of
 * the attempt waiting for a person, the student is told by e-mail (issue 26 point 4), through
 * the mailer every other message uses (the outbox without a provider), in the language they
 * signed up in. Only the grade that made the attempt Graded sends it: a double click or a later
 * override of a Graded attempt does not mail again.
 */
export async function gradeAndTell(services: AppServices, caller: Caller, input: unknown): Promise<GradedAnswer> {
  const { result, becameGraded, attempt } = await gradeAnswer(services, caller, input);
  if (becameGraded) await tellStudentOfMarks(services, { attemptId: attempt.id, studentId: attempt.studentId, quizId: attempt.quizId, businessId: attempt.businessId, percentage: result.entity.percentage });
  return result;
}

async function tellStudentOfMarks(services: AppServices, graded: { attemptId: number; studentId: number; quizId: number; businessId: number; percentage: number }): Promise<void> {
  const db = services.db;
  const [[student], [quiz]] = await db.batch([
    db.select({ email: users.email, fullname: users.fullname, language: users.language }).from(users).where(eq(users.id, graded.studentId)).limit(1),
    db.select({ quizName: quizzes.quizName }).from(quizzes).where(eq(quizzes.id, graded.quizId)).limit(1),
  ]);
  if (!student || !quiz) return;
  const t = emailTranslator(isLanguage(student.language) ? student.language : DEFAULT_LANGUAGE);
  const values = { name: student.fullname, quiz: quiz.quizName, percentage: graded.percentage };
  const link = `${services.config.appUrl}/quiz/student/takenQuiz/${graded.attemptId}/result`;
  const lines = [t("email.hello", values), t("graded.body", values)];
  await services.mailer.send({
    businessId: graded.businessId,
    to: student.email,
    subject: t("graded.subject", values),
    tag: "attempt-graded",
    // The result page asks for a session: nothing secret in the link.
    secrets: [],
    text: [...lines, `${t("graded.openResult")} ${link}`].join("\n\n"),
    html: [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(t("graded.openResult"))}</a></p>`].join("\n"),
  });
}

import { and, eq, ne } from "drizzle-orm";
import { departments, profiles, questions, quizQuestions, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { findCategoryCourse } from "../categories/find-category-course";
import { inIds } from "./quiz-queries";
import type { QuizComplete } from "./schemas";
import { type SaidAs, say } from "../message-codes";

/**
 * Checks every id and name a quiz refers to against the caller's business, in one batch of
 * reads: the category and course (by name), the selected questions, the source quizzes
 * (quiz-based: at least one, never the quiz itself) and that the questions come from them, the profile
 * codes and the departments. An id of another business reads exactly like one that does
 * not exist, so nothing is confirmed. All problems come back at once, keyed by field.
 */
export async function resolveQuizReferences(
  services: AppServices,
  caller: Caller,
  quiz: QuizComplete,
  editedQuizId: number | null,
  /** False when an update leaves questions and sources as stored: a source quiz deleted since must not block a rename. */
  checkSources = true,
): Promise<{ categoryId: number; courseId: number }> {
  const db = services.db;
  const business = caller.businessId;
  const sourceQuizWhere = and(eq(quizzes.businessId, business), inIds(quizzes.id, quiz.selectedQuizes), editedQuizId === null ? undefined : ne(quizzes.id, editedQuizId));
  const [ref, [questionRows, sourceRows, sourceQuestionRows, profileRows, departmentRows]] = await Promise.all([
    findCategoryCourse(services, caller, { category: quiz.category, course: quiz.course }),
    db.batch([
      db.select({ id: questions.id }).from(questions).where(and(eq(questions.businessId, business), inIds(questions.id, quiz.selectedQuestions))),
      db.select({ id: quizzes.id }).from(quizzes).where(sourceQuizWhere),
      db
        .selectDistinct({ id: quizQuestions.questionId })
        .from(quizQuestions)
        .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
        .where(and(sourceQuizWhere, inIds(quizQuestions.questionId, quiz.selectedQuestions))),
      db.select({ id: profiles.code }).from(profiles).where(and(eq(profiles.businessId, business), inIds(profiles.code, quiz.profile))),
      db.select({ id: departments.id }).from(departments).where(and(eq(departments.businessId, business), inIds(departments.id, quiz.department))),
    ]),
  ]);

  const errors: Record<string, SaidAs> = {};
  if (!ref) errors.category = errors.course = say("QUIZ_UNKNOWN_CATEGORY_COURSE");
  if (questionRows.length !== quiz.selectedQuestions.length) errors.selectedQuestions = say("QUIZ_UNKNOWN_QUESTIONS");
  if (quiz.quizType === "quizzes" && checkSources) {
    if (sourceRows.length !== quiz.selectedQuizes.length) errors.selectedQuizes = say("QUIZ_UNKNOWN_QUIZZES");
    else if (sourceRows.length === 0) errors.selectedQuizes = say("QUIZ_ONE_SHOULD_REMAIN");
    else if (!errors.selectedQuestions && sourceQuestionRows.length !== quiz.selectedQuestions.length) errors.selectedQuestions = say("QUIZ_QUESTIONS_NOT_FROM_SOURCES");
  }
  if (profileRows.length !== quiz.profile.length) errors.profile = say("QUIZ_UNKNOWN_PROFILES");
  if (departmentRows.length !== quiz.department.length) errors.department = say("QUIZ_UNKNOWN_DEPARTMENTS");
  const first = Object.values(errors)[0];
  if (first || !ref) throw new Invalid(first ?? say("QUIZ_UNKNOWN_CATEGORY_COURSE"), errors);
  return { categoryId: ref.categoryId, courseId: ref.courseId };
}

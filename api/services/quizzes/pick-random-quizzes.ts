import { and, count, eq, sql } from "drizzle-orm";
import { quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { findCategoryCourse } from "../categories/find-category-course";
import { type QuizEntity, toQuizEntity } from "./boundary";
import { selectQuizzes } from "./quiz-queries";
import { RANDOM_PICK, RandomQuizzesInput } from "./schemas";
import { say } from "../message-codes";

/**
 * Spec 7 POST /api/quiz/allRandom { category, course }: up to 10 quizzes of that category
 * and course of the business, in random order (the wizard's Pick Quizes step). totalCount
 * says how many there are in all. A category or course the business does not have is a 400.
 */
export async function pickRandomQuizzes(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: QuizEntity[] }> {
  assertAuthor(caller);
  const names = RandomQuizzesInput.parse(input);
  const ref = await findCategoryCourse(services, caller, names);
  if (!ref) throw new Invalid(say("QUIZ_UNKNOWN_CATEGORY_COURSE"), { category: say("QUIZ_UNKNOWN_CATEGORY_COURSE"), course: say("QUIZ_UNKNOWN_CATEGORY_COURSE") });
  const where = and(eq(quizzes.businessId, caller.businessId), eq(quizzes.categoryId, ref.categoryId), eq(quizzes.courseId, ref.courseId));
  const db = services.db;
  const [[{ total }], rows] = await db.batch([
    db.select({ total: count() }).from(quizzes).where(where),
    selectQuizzes(db).where(where).orderBy(sql`random()`).limit(RANDOM_PICK),
  ]);
  return {
    totalCount: total,
    entities: rows.map((r) => toQuizEntity(r.quiz, { category: r.category, course: r.course }, { questionsCount: r.questionsCount, takenCount: r.takenCount }, caller)),
  };
}

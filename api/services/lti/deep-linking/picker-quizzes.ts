import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { quizzesCallerMayPlaceInCourse } from "../../core/permissions";
import { NotFound } from "../../core/errors";
import { loadDeepLinkRequest } from "./load-request";

/** The picker shows this many quizzes at most; a search narrows them. */
export const PICKER_LIMIT = 50;

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The quizzes of the caller's business they may place in a course (their own; the owner's every
 * quiz), newest first, found by name: the deep-linking picker's list, and the chooser's of a
 * link that opens no quiz (link-choice/chooser.ts).
 */
export async function quizzesCallerMayPlace(services: AppServices, caller: Caller, search: string) {
  const conditions: (SQL | undefined)[] = [eq(quizzes.businessId, caller.businessId), quizzesCallerMayPlaceInCourse(caller, quizzes.teacherId)];
  const words = search.trim().slice(0, 100);
  if (words) conditions.push(sql`${quizzes.quizName} like ${`%${likeLiteral(words)}%`} escape '\\'`);
  return services.db
    .select({ id: quizzes.id, quizName: quizzes.quizName, totalQuestion: quizzes.totalQuestion, status: quizzes.status })
    .from(quizzes)
    .where(and(...conditions))
    .orderBy(desc(quizzes.id))
    .limit(PICKER_LIMIT);
}

/** One quiz in the picker's list. */
export type PickerQuiz = Awaited<ReturnType<typeof quizzesCallerMayPlace>>[number];

/**
 * The quiz the caller chose, if they may place it (the list's rule, for one id): the deep-linking
 * answer's and the link chooser's check. Another business's quiz, or a colleague's, is 404.
 */
export async function quizCallerMayPlace(services: AppServices, caller: Caller, quizId: number) {
  const [quiz] = await services.db
    .select({ id: quizzes.id, quizName: quizzes.quizName, quizDescription: quizzes.quizDescription, teacherId: quizzes.teacherId })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.businessId, caller.businessId), quizzesCallerMayPlaceInCourse(caller, quizzes.teacherId)))
    .limit(1);
  if (!quiz) throw new NotFound("quiz");
  return quiz;
}

/** The quiz picker (Deep Linking 2.0): the quizzes the teacher may place, and what the LMS asked. */
export async function pickerQuizzes(services: AppServices, caller: Caller, token: string, search: string) {
  const { platform, settings } = await loadDeepLinkRequest(services, caller, token);
  return { platformName: platform.name, title: settings.title ?? null, quizzes: await quizzesCallerMayPlace(services, caller, search) };
}

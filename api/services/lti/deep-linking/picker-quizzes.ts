import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { quizzesCallerMayPlaceInCourse } from "../../core/permissions";
import { loadDeepLinkRequest } from "./load-request";

/** The picker shows this many quizzes at most; a search narrows them. */
export const PICKER_LIMIT = 50;

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The quiz picker (Deep Linking 2.0): the quizzes of the teacher's business they may place in a
 * course (their own; the owner's every quiz), newest first, found by name, and what the LMS asked.
 */
export async function pickerQuizzes(services: AppServices, caller: Caller, token: string, search: string) {
  const { platform, settings } = await loadDeepLinkRequest(services, caller, token);
  const conditions: (SQL | undefined)[] = [eq(quizzes.businessId, caller.businessId), quizzesCallerMayPlaceInCourse(caller, quizzes.teacherId)];
  const words = search.trim().slice(0, 100);
  if (words) conditions.push(sql`${quizzes.quizName} like ${`%${likeLiteral(words)}%`} escape '\\'`);
  const rows = await services.db
    .select({ id: quizzes.id, quizName: quizzes.quizName, totalQuestion: quizzes.totalQuestion, status: quizzes.status })
    .from(quizzes)
    .where(and(...conditions))
    .orderBy(desc(quizzes.id))
    .limit(PICKER_LIMIT);
  return { platformName: platform.name, title: settings.title ?? null, quizzes: rows };
}

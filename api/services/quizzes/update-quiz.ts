import { and, eq } from "drizzle-orm";
import { quizQuestions, quizSources, quizzes } from "../../../db/schema";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { Conflict } from "../../errors";
import { getAdminSetting } from "../admin-settings/get-admin-setting";
import { assertAuthor } from "../authoring/permissions";
import { toQuizColumns, toQuizPatch } from "./boundary";
import { definedOnly } from "./defined-only";
import { applyOwnerPolicy } from "./owner-policy";
import { linkInserts, loadLinks, loadQuiz } from "./quiz-queries";
import { assertMayChangeQuiz } from "./quiz-permissions";
import { type QuizDetail, readQuizDetail } from "./read-quiz-detail";
import { resolveQuizReferences } from "./resolve-references";
import { MESSAGES, normalizeAliases, QuizComplete, QuizUpdatePatch } from "./schemas";

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const sameSet = (a: number[], b: number[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * Spec 4 wizard "Submit" in edit mode (POST /api/quiz/update { quizId, … }). Fields left
 * out keep their stored values, so a client may send the whole quiz (the wizard) or only
 * what changes; the result is checked by the same rules as a new quiz, under the owner's
 * current policy. The quiz type is chosen at creation only.
 *
 * Once students have taken the quiz (spec 5 and 8) its category, course and questions
 * (which, and in what order: negative marking counts runs in quiz order) are fixed; name,
 * description, status, dates, premium, visibility and settings stay editable.
 */
export async function updateQuiz(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; entity: QuizDetail }> {
  assertAuthor(caller);
  const { quizId, ...request } = QuizUpdatePatch.parse(input);
  const current = await loadQuiz(services, caller, quizId);
  assertMayChangeQuiz(caller, current.row);
  const [stored, policy] = await Promise.all([loadLinks(services, quizId), getAdminSetting(services, caller)]);

  const patch = definedOnly(normalizeAliases(request));
  const merged = { ...toQuizPatch(current.row, current.names, stored), ...patch, quizType: current.row.quizType };
  const quiz = QuizComplete.parse(applyOwnerPolicy(merged, policy));
  const links = { selectedQuestions: quiz.selectedQuestions, selectedQuizes: quiz.quizType === "quizzes" ? quiz.selectedQuizes : [] };

  const taken = current.counts.takenCount > 0;
  if (taken && (quiz.category !== current.names.category || quiz.course !== current.names.course)) throw new Conflict(MESSAGES.notEditable);
  const questionsChanged = !sameList(links.selectedQuestions, stored.selectedQuestions);
  const sourcesChanged = !sameSet(links.selectedQuizes, stored.selectedQuizes);
  if (taken && (questionsChanged || sourcesChanged)) throw new Conflict(MESSAGES.questionsNotEditable);

  const refs = await resolveQuizReferences(services, caller, { ...quiz, ...links }, quizId, questionsChanged || sourcesChanged);
  const db = services.db;
  await db.batch([
    db
      .update(quizzes)
      .set({ ...toQuizColumns(quiz, refs), updatedAt: services.now() })
      .where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId))),
    ...(questionsChanged ? [db.delete(quizQuestions).where(eq(quizQuestions.quizId, quizId))] : []),
    ...(sourcesChanged ? [db.delete(quizSources).where(eq(quizSources.quizId, quizId))] : []),
    ...linkInserts(db, quizId, {
      selectedQuestions: questionsChanged ? links.selectedQuestions : [],
      selectedQuizes: sourcesChanged ? links.selectedQuizes : [],
    }),
  ]);
  return { message: MESSAGES.updated, entity: await readQuizDetail(services, await loadQuiz(services, caller, quizId)) };
}

import { eq } from "drizzle-orm";
import { quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { getAdminSetting } from "../admin-settings/get-admin-setting";
import { assertAuthor } from "../core/permissions";
import { toQuizColumns } from "./boundary";
import { foldShowAnswer } from "./answer-timing";
import { definedOnly } from "./defined-only";
import { applyOwnerPolicy } from "./owner-policy";
import { linkInserts, loadQuiz } from "./quiz-queries";
import { type QuizDetail, readQuizDetail } from "./read-quiz-detail";
import { resolveQuizReferences } from "./resolve-references";
import { resolveDrawParts } from "./draw-parts";
import { CREATE_DEFAULTS, normalizeAliases, QuizComplete, QuizPatch } from "./schemas";
import { say } from "../message-codes";
import { assertUsableClasses, quizClassWrites } from "../quiz-classes/quiz-class-rows";

/**
 * Spec 4 wizard "Submit" in create mode (POST /api/quiz): the request over the defaults,
 * the owner's policy over that, then the spec's rules and the business's ids.
 *
 * The quiz row comes first (insert … returning: its questions need its id), then its
 * questions and sources in one batch. D1 and Turso have no interactive transactions, so
 * the two steps cannot share one; if the second fails, the quiz row is deleted again, so
 * no quiz is left without questions.
 */
export async function createQuiz(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "QUIZ_ADDED"; entity: QuizDetail }> {
  assertAuthor(caller);
  const patch = definedOnly(normalizeAliases(QuizPatch.parse(input)));
  const policy = await getAdminSetting(services, caller);
  const quiz = QuizComplete.parse(applyOwnerPolicy({ ...CREATE_DEFAULTS, ...foldShowAnswer(patch, CREATE_DEFAULTS.showAnswerTiming) }, policy));
  const links = { selectedQuestions: quiz.selectedQuestions, selectedQuizes: quiz.quizType === "quizzes" ? quiz.selectedQuizes : [] };
  const [refs, parts] = await Promise.all([
    resolveQuizReferences(services, caller, { ...quiz, ...links }, null),
    resolveDrawParts(services, caller.businessId, quiz.draws, links.selectedQuestions),
    assertUsableClasses(services, caller, quiz.classes ?? [], null),
  ]);

  const db = services.db;
  const [row] = await db
    .insert(quizzes)
    .values({ ...toQuizColumns(quiz, refs), businessId: caller.businessId, teacherId: caller.userId })
    .returning({ id: quizzes.id });
  try {
    const [first, ...rest] = [...linkInserts(db, row.id, { ...links, drawPool: parts.pool }), ...(quiz.classes?.length ? quizClassWrites(db, row.id, quiz.classes) : [])];
    await db.batch([first, ...rest]);
  } catch (error) {
    await db.delete(quizzes).where(eq(quizzes.id, row.id));
    throw error;
  }
  return { ...say("QUIZ_ADDED"), entity: await readQuizDetail(services, caller, await loadQuiz(services, caller, row.id)) };
}

import { asc, eq } from "drizzle-orm";
import { quizExtraTime, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { loadQuiz } from "../quizzes/quiz-queries";
import { ExtraTimeListInput, type ExtraTimeEntity } from "./schemas";

/** decisions.md "Extra time": POST /api/quiz/extraTime/list { quizId }; any author of the school may read it, like the quiz itself. */
export async function listExtraTime(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: ExtraTimeEntity[] }> {
  assertAuthor(caller);
  const { quizId } = ExtraTimeListInput.parse(input);
  await loadQuiz(services, caller, quizId);
  const entities = await services.db
    .select({ userId: users.id, fullname: users.fullname, email: users.email, factor: quizExtraTime.factor })
    .from(quizExtraTime)
    .innerJoin(users, eq(users.id, quizExtraTime.studentId))
    .where(eq(quizExtraTime.quizId, quizId))
    .orderBy(asc(users.fullname));
  return { totalCount: entities.length, entities };
}

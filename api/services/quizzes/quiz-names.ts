import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { inIds } from "./quiz-queries";
import { MAX_SOURCE_QUIZZES } from "./schemas";

const QuizNamesInput = z.object({ quizIds: z.array(z.number().int().positive()).max(MAX_SOURCE_QUIZZES) });

/**
 * Names of quizzes of the caller's business by id (the wizard lists the chosen source
 * quizzes by name whatever page of the pick list is open). Unknown and foreign ids are
 * simply absent.
 */
export async function quizNames(services: AppServices, caller: Caller, input: unknown): Promise<{ id: number; quizName: string }[]> {
  assertAuthor(caller);
  const { quizIds } = QuizNamesInput.parse(input);
  if (quizIds.length === 0) return [];
  return services.db
    .select({ id: quizzes.id, quizName: quizzes.quizName })
    .from(quizzes)
    .where(and(eq(quizzes.businessId, caller.businessId), inIds(quizzes.id, quizIds)))
    .orderBy(asc(quizzes.quizName));
}

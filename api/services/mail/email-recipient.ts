import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { quizAttempts, quizzes, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertMayEmailFromLeaderBoard, assertMayEmailStudents, assertMayReadQuizResults } from "../core/permissions";
import { FROM_LEADER_BOARD } from "./schemas";

const id = z.coerce.number({ error: "The id must be a number" }).int("The id must be a whole number").positive("The id must be a whole number");
const RecipientInput = z.object({ takenQuizId: id, quizId: id.optional() });

export interface EmailRecipient {
  takenQuizId: number;
  studentName: string;
  studentEmail: string;
  /** The quiz the mail is about (its stats page), or -1 from the leader board (spec 8). */
  quizId: number;
  quizName: string;
}

/**
 * Whom the e-mail dialog writes to (spec 2.5, 2.7): the student of one attempt of the caller's
 * business, shown read-only. From a quiz's stats (quizId given) the attempt must be of that
 * quiz and the caller one who reads its results (its teacher, the owner); from the leader
 * board it is the owner's row action, hidden while they act as a Student (spec 6).
 * Another business's attempt answers 404, like a missing one.
 */
export async function readEmailRecipient(services: AppServices, caller: Caller, input: { takenQuizId: unknown; quizId?: unknown }): Promise<EmailRecipient> {
  const fromStats = input.quizId !== undefined;
  assertMayEmailStudents(caller);
  if (!fromStats) assertMayEmailFromLeaderBoard(caller);
  const { takenQuizId, quizId } = RecipientInput.parse(input);
  const [row] = await services.db
    .select({ studentName: users.fullname, studentEmail: users.email, quizId: quizzes.id, quizName: quizzes.quizName, teacherId: quizzes.teacherId })
    .from(quizAttempts)
    .innerJoin(users, eq(users.id, quizAttempts.studentId))
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(and(eq(quizAttempts.id, takenQuizId), eq(quizAttempts.businessId, caller.businessId), eq(users.businessId, caller.businessId)))
    .limit(1);
  if (!row || (quizId !== undefined && row.quizId !== quizId)) throw new NotFound("taken quiz");
  if (quizId !== undefined) assertMayReadQuizResults(caller, row);
  return { takenQuizId, studentName: row.studentName, studentEmail: row.studentEmail, quizId: quizId ?? FROM_LEADER_BOARD, quizName: row.quizName };
}

import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { classes, quizClasses } from "../../../db/schema";
import { chunkRows, rowsPerStatement } from "../../../db/statement-limits";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { classesCallerMaySetQuizFor, maySeeClassPassword } from "../core/permissions";
import { say } from "../message-codes";
import { inIds } from "../quizzes/quiz-queries";
import type { QuizClassInput } from "../quizzes/schemas";

/** A class a quiz is set for, as the editor reads it (decisions.md "A quiz set for classes"). */
export interface QuizClassEntity {
  classId: number;
  name: string;
  startDate: number | null;
  endDate: number | null;
  time: number | null;
  attemptsAllowed: number | null;
  /** Filled in only for those who see the quiz's password; others get "" and `hasPassword`. */
  password: string;
  hasPassword: boolean;
}

/**
 * Throws a field error unless every class is one the caller may set the quiz for: a class of
 * the business they manage, or one already on the quiz. Another business's class, another
 * teacher's and an id never used read alike (ADR 0075: a class is not confirmed to those who
 * may not see it).
 */
export async function assertUsableClasses(services: AppServices, caller: Caller, list: readonly QuizClassInput[], quizId: number | null): Promise<void> {
  if (list.length === 0) return;
  const ids = list.map((set) => set.classId);
  const alreadyOnQuiz = quizId === null ? undefined : sql`${classes.id} in (select ${quizClasses.classId} from ${quizClasses} where ${quizClasses.quizId} = ${quizId})`;
  const usable = classesCallerMaySetQuizFor(caller, classes.id);
  const found = await services.db
    .select({ id: classes.id })
    .from(classes)
    // usable undefined: the owner may use every class of the business.
    .where(and(eq(classes.businessId, caller.businessId), inIds(classes.id, ids), usable && alreadyOnQuiz ? or(usable, alreadyOnQuiz) : usable));
  if (found.length !== ids.length) throw new Invalid(say("QUIZ_UNKNOWN_CLASSES"), { classes: say("QUIZ_UNKNOWN_CLASSES") });
}

/** Statements that replace the quiz's classes by `list` (one batch with the quiz's own write). */
export function quizClassWrites(db: Db, quizId: number, list: readonly QuizClassInput[]) {
  const rows = list.map((set) => ({
    quizId,
    classId: set.classId,
    startTimestamp: set.startDate,
    endTimestamp: set.endDate,
    time: set.time,
    attemptsAllowed: set.attemptsAllowed,
    password: set.password,
  }));
  return [db.delete(quizClasses).where(eq(quizClasses.quizId, quizId)), ...chunkRows(rows, rowsPerStatement(quizClasses)).map((chunk) => db.insert(quizClasses).values(chunk))];
}

/** A class's own settings on a quiz in the API's names (null: the quiz's). */
export const classSettingColumns = {
  startDate: quizClasses.startTimestamp,
  endDate: quizClasses.endTimestamp,
  time: quizClasses.time,
  attemptsAllowed: quizClasses.attemptsAllowed,
  password: quizClasses.password,
};

/** The quiz's classes by name, for the editor and the quiz view. */
export function selectQuizClasses(db: Db, quizId: number) {
  return db
    .select({ classId: quizClasses.classId, name: classes.name, ...classSettingColumns })
    .from(quizClasses)
    .innerJoin(classes, eq(classes.id, quizClasses.classId))
    .where(eq(quizClasses.quizId, quizId))
    .orderBy(asc(classes.name), asc(classes.id));
}

export function toQuizClassEntities(rows: Awaited<ReturnType<typeof selectQuizClasses>>, viewer: Caller, quiz: { teacherId: number }): QuizClassEntity[] {
  const seesPassword = maySeeClassPassword(viewer, quiz);
  return rows.map((row) => ({ ...row, password: seesPassword ? (row.password ?? "") : "", hasPassword: Boolean(row.password) }));
}

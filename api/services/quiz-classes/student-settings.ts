import { and, eq } from "drizzle-orm";
import { classStudents, quizClasses, quizOverrides } from "../../../db/schema";
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import { inIds } from "../quizzes/quiz-queries";
import { classSettingColumns } from "./quiz-class-rows";
import { overrideSettingColumns } from "./override-schemas";
import { type ClassSettings, type EffectiveSettings, effectiveSettings, type OverrideSettings } from "./effective-settings";

/** The quiz's own settings as the merging rule reads them: dates only for a date range (spec 4). */
export function quizSettingsOf(quiz: Pick<Quiz, "status" | "startTimestamp" | "endTimestamp" | "time" | "attemptsAllowed" | "password">) {
  const dateRange = quiz.status === "DateRange";
  return {
    startDate: dateRange ? quiz.startTimestamp : null,
    endDate: dateRange ? quiz.endTimestamp : null,
    time: quiz.time,
    attemptsAllowed: quiz.attemptsAllowed,
    password: quiz.password,
  };
}

type SettingsQuiz = Parameters<typeof quizSettingsOf>[0] & Pick<Quiz, "id">;

/**
 * Each quiz's settings for one student (ADR 0079): the settings of the classes of theirs each
 * quiz is set for and their override, read in one batch and merged by effectiveSettings. Only
 * the student's own classes are read: another class's password or dates never leave the server.
 */
export async function studentSettingsOf(services: AppServices, studentId: number, quizList: readonly SettingsQuiz[]): Promise<Map<number, EffectiveSettings>> {
  const result = new Map<number, EffectiveSettings>();
  if (quizList.length === 0) return result;
  const ids = quizList.map((quiz) => quiz.id);
  const db = services.db;
  const [classRows, overrideRows] = await db.batch([
    db
      .select({ quizId: quizClasses.quizId, ...classSettingColumns })
      .from(quizClasses)
      .innerJoin(classStudents, and(eq(classStudents.classId, quizClasses.classId), eq(classStudents.userId, studentId)))
      .where(inIds(quizClasses.quizId, ids)),
    db
      .select({ quizId: quizOverrides.quizId, ...overrideSettingColumns })
      .from(quizOverrides)
      .where(and(eq(quizOverrides.studentId, studentId), inIds(quizOverrides.quizId, ids))),
  ]);
  for (const quiz of quizList) {
    const classes: ClassSettings[] = classRows.filter((row) => row.quizId === quiz.id);
    const override: OverrideSettings | null = overrideRows.find((row) => row.quizId === quiz.id) ?? null;
    result.set(quiz.id, effectiveSettings(quizSettingsOf(quiz), classes, override));
  }
  return result;
}

/** One quiz's settings for one student. */
export async function studentSettingsOfQuiz(services: AppServices, studentId: number, quiz: SettingsQuiz): Promise<EffectiveSettings> {
  return (await studentSettingsOf(services, studentId, [quiz])).get(quiz.id)!;
}

/**
 * One quiz's settings for a student whose start already knows (quiz-access.ts loadTakeableQuizOf)
 * whether a class of theirs or an override sets any: without either they are the quiz's own, and
 * nothing is read (most starts: issue 25 point 8).
 */
export async function studentSettingsAtStart(services: AppServices, studentId: number, quiz: SettingsQuiz, ownSettings: boolean): Promise<EffectiveSettings> {
  return ownSettings ? studentSettingsOfQuiz(services, studentId, quiz) : effectiveSettings(quizSettingsOf(quiz), [], null);
}

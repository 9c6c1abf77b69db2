import { and, count, eq, sql } from "drizzle-orm";
import { businesses, categories, courses, quizAttempts, quizzes } from "../../../db/schema";
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { remainingAttempts } from "../attempts/counting-attempt";
import { hasActiveSubscription, premiumAllowed, studentPoolScope, subscriptionsEnabled } from "../attempts/quiz-access";
import { orderBy, pageWindow } from "../listing/list-query";
import { questionsCount } from "../quizzes/quiz-queries";
import { StudentQuizListQuery } from "./schemas";
import { studentSettingsOf } from "../quiz-classes/student-settings";
import { type EffectiveSettings, msOf } from "../quiz-classes/effective-settings";
import { assertStudent } from "../core/permissions";

/** A quiz as a student's pool shows it: no password (only whether there is one), no author fields. */
export interface StudentQuizRow {
  id: number;
  quizId: number;
  quizName: string;
  quizDescription: string;
  category: string;
  course: string;
  level: Quiz["level"];
  questionsCount: number;
  time: number;
  quiztimetype: Quiz["quizTimeType"];
  attemptsAllowed: number;
  attemptsTaken: number;
  remainingAttempts: number;
  premiumQuiz: boolean;
  hasPassword: boolean;
  /** Issue 27 point 6: when the quiz stops taking attempts for this student (epoch seconds, as the quiz's endDate: closesAt in seconds), or null: no closing date. */
  endDate: number | null;
  /** The student's own window (epoch ms; null = no bound): the quiz's, their classes' or their override's (ADR 0079). */
  opensAt: number | null;
  closesAt: number | null;
}

/** Spec 3 "Premium info on the quiz list". totalCount counts every quiz the student could see with a subscription. */
export interface PremiumInfo {
  subscribed: boolean;
  subscriptionEnabled: boolean;
  totalCount: number;
}

export interface StudentQuizPage {
  totalCount: number;
  entities: StudentQuizRow[];
  premium: PremiumInfo;
}

/** Level sorts by difficulty, not alphabetically. */
const levelRank = sql`case ${quizzes.level} when 'Easy' then 0 when 'Moderate' then 1 else 2 end`;

/**
 * The student's quiz pool (spec 2.4, issue 8 item 1): quizzes of their business that are
 * open now and visible to their profile and department (the rules of quiz-access.ts, the
 * same the exam's start applies). While the owner sells subscriptions, a student without
 * one is not listed premium quizzes; `premium.totalCount` says how many there are with
 * them, for the 'Displaying N of M quizzes' banner (docs/decisions/0025-student-quiz-pool.md).
 * One batch: two counts, the page (question and attempt counts as subqueries) and the flags.
 */
export async function listStudentQuizzes(services: AppServices, caller: Caller, input: unknown): Promise<StudentQuizPage> {
  assertStudent(caller);
  const { queryParams } = StudentQuizListQuery.parse(input);
  const db = services.db;
  const now = services.now();
  const { quizName } = queryParams.filter;
  const everything = and(studentPoolScope(caller, now), quizName ? sql`instr(lower(${quizzes.quizName}), lower(${quizName})) > 0` : undefined);
  const listed = and(everything, premiumAllowed(db, caller, now));
  const attemptsTaken = sql<number>`(select count(*) from ${quizAttempts} where ${quizAttempts.businessId} = ${quizzes.businessId} and ${quizAttempts.quizId} = ${quizzes.id} and ${quizAttempts.studentId} = ${caller.userId})`.mapWith(Number);
  const { limit, offset } = pageWindow(queryParams);

  const [[{ listedCount }], [{ allCount }], page, [flags]] = await db.batch([
    db.select({ listedCount: count() }).from(quizzes).where(listed),
    db.select({ allCount: count() }).from(quizzes).where(everything),
    db
      .select({ quiz: quizzes, category: categories.name, course: courses.name, questionsCount, attemptsTaken })
      .from(quizzes)
      .innerJoin(categories, eq(categories.id, quizzes.categoryId))
      .innerJoin(courses, eq(courses.id, quizzes.courseId))
      .where(listed)
      .orderBy(...orderBy(queryParams, { quizName: sql`lower(${quizzes.quizName})`, level: levelRank, createdAt: quizzes.createdAt }, quizzes.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        subscribed: sql<number>`${hasActiveSubscription(db, caller, now)}`.mapWith(Number),
        enabled: sql<number>`${subscriptionsEnabled(db, caller)}`.mapWith(Number),
      })
      .from(businesses)
      .where(eq(businesses.id, caller.businessId)),
  ]);

  // Each quiz as this student takes it (their classes' and override's settings: ADR 0079).
  const settings = await studentSettingsOf(services, caller.userId, page.map(({ quiz }) => quiz));
  return {
    totalCount: listedCount,
    entities: page.map(({ quiz, category, course, questionsCount: questions, attemptsTaken: taken }) => rowOf(quiz, settings.get(quiz.id)!, { category, course, questions, taken })),
    premium: { subscribed: flags?.subscribed === 1, subscriptionEnabled: flags?.enabled === 1, totalCount: allCount },
  };
}

function rowOf(quiz: Quiz, settings: EffectiveSettings, { category, course, questions, taken }: { category: string; course: string; questions: number; taken: number }): StudentQuizRow {
  return {
    id: quiz.id,
    quizId: quiz.id,
    quizName: quiz.quizName,
    quizDescription: quiz.quizDescription,
    category,
    course,
    level: quiz.level,
    questionsCount: questions,
    time: settings.time,
    quiztimetype: quiz.quizTimeType,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsTaken: taken,
    remainingAttempts: remainingAttempts(settings.attemptsAllowed, taken),
    premiumQuiz: quiz.isPremium,
    hasPassword: settings.passwords.length > 0,
    opensAt: msOf(settings.startDate),
    closesAt: msOf(settings.endDate),
    // Issue 27 point 6: the pool's "Closes" column, the student's own close (epoch seconds).
    endDate: settings.endDate,
  };
}

import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { qualified } from "../../../db/qualified";
import { rowSelect } from "../../../db/row-select";
import { quizAttempts, quizzes } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import { questionsStamp } from "./paper-stamp";

/** A new attempt's values as the driver takes them (epoch ms, JSON text: db/prepared.ts). */
export interface NewAttempt {
  businessId: number;
  quizId: number;
  studentId: number;
  attemptNumber: number;
  examMode: string;
  startedAt: number;
  deadlineAt: number | null;
  endsAt: number | null;
  paper: string | null;
}

/** What a start of a quiz not yet taken read its paper with (paper-stamp.ts). */
export interface PaperStamps {
  /** The quiz's updated_at (epoch ms) as the start's gate read it. */
  quizUpdatedAt: number;
  questionsStamp: number;
}

/**
 * Inserts the attempt only while the student has no open attempt of the quiz and, for a start
 * that found the quiz not yet taken, while the quiz and its questions are as the start read them
 * (`stamps`); the attempt number stays unique per student and quiz. Each is decided inside the
 * one statement (SQLite runs one writer at a time, on every server the app shares a database
 * with), so no read-then-write gap is left (issue 25, the first-start race). Undefined when
 * nothing was inserted: the caller looks for the attempt that won, else reads again.
 */
export async function insertAttempt(services: AppServices, attempt: NewAttempt, stamps: PaperStamps | null): Promise<QuizAttempt | undefined> {
  const query = stamps
    ? prepared(services.db, "startQuiz:insertFirst", (db) => insertStatement(db, true))
    : prepared(services.db, "startQuiz:insert", (db) => insertStatement(db, false));
  const [created] = await query.all({ ...attempt, ...stamps });
  return created;
}

function insertStatement(db: Db, firstStart: boolean) {
  // Wrapped in sql so they bind as stored (epoch ms, JSON text, or null) past the columns' encoders.
  const value = (name: keyof NewAttempt) => sql`${sql.placeholder(name)}`;
  const noOpenAttempt = sql`not exists (select 1 from ${quizAttempts} where ${qualified(quizAttempts.quizId)} = ${sql.placeholder("quizId")}
    and ${qualified(quizAttempts.studentId)} = ${sql.placeholder("studentId")} and ${qualified(quizAttempts.submittedAt)} is null)`;
  const asRead = and(eq(quizzes.updatedAt, sql.placeholder("quizUpdatedAt")), sql`${questionsStamp(sql.placeholder("quizId"))} = ${sql.placeholder("questionsStamp")}`);
  const row = rowSelect(quizAttempts, {
    businessId: value("businessId"),
    quizId: value("quizId"),
    studentId: value("studentId"),
    attemptNumber: value("attemptNumber"),
    examMode: value("examMode"),
    startedAt: value("startedAt"),
    deadlineAt: value("deadlineAt"),
    endsAt: value("endsAt"),
    paper: value("paper"),
  });
  return db
    .insert(quizAttempts)
    .select(
      db
        .select(row)
        .from(quizzes)
        .where(and(eq(quizzes.id, sql.placeholder("quizId")), noOpenAttempt, firstStart ? asRead : undefined)),
    )
    .onConflictDoNothing()
    .returning()
    .prepare();
}

import type { ResultStatus } from "../../../db/schema/attempts";
import { passedOf } from "../pass-mark/passed";
import type { BoardRecord } from "./board-query";

/**
 * One row of the leader board (spec 2.7 columns, decisions.md boundary names): the attempt
 * that counts for a student at a quiz. `email` only for callers who get the row actions
 * (mayActOnLeaderBoardRows: the owner); every other user of the business reads the board
 * without classmates' addresses (docs/decisions/0041).
 */
export interface LeaderBoardRow {
  /** The attempt's id (another student's row of an anonymous board has none: AnonymousBoardRow). */
  id: number;
  takenQuizId: number;
  quizId: number;
  studentName: string;
  /** The spec's column name for the student's name (spec 2.7). */
  fullname: string;
  email?: string;
  quizName: string;
  quizCategory: string;
  percentage: number;
  correctAnswered: number;
  /** The student's finished attempts at this quiz. */
  totalAttempts: number;
  /** Seconds, by the server's clock. */
  timeTaken: number;
  /** Epoch ms of the counting attempt's start. */
  attemptDate: number;
  status: ResultStatus;
  /** ADR 0076: the counting result reaches the quiz's pass mark; null without one (the board holds marked results only). */
  passed: boolean | null;
}

export function toLeaderBoardRow(record: BoardRecord, withEmail: boolean): LeaderBoardRow {
  return {
    id: Number(record.id),
    takenQuizId: Number(record.id),
    quizId: Number(record.quiz_id),
    studentName: record.fullname,
    fullname: record.fullname,
    ...(withEmail ? { email: record.email } : {}),
    quizName: record.quiz_name,
    quizCategory: record.quiz_category,
    percentage: Number(record.percentage),
    correctAnswered: Number(record.correct_answered),
    totalAttempts: Number(record.total_attempts),
    timeTaken: Number(record.time_taken),
    attemptDate: Number(record.started_at),
    status: record.status,
    passed: passedOf({ percentage: Number(record.percentage), gradingStatus: "Graded" }, record.pass_percentage === null ? null : Number(record.pass_percentage)),
  };
}

/** The English name of an anonymous row for API clients; the pages say it in the reader's language (board boardPrivacy.student). */
export const anonymousName = (studentNumber: number) => `Student ${studentNumber}`;

/** What a row says of how one person sat the quiz, beyond where they stand: never on another student's anonymous row. */
export type PersonalBoardField = "correctAnswered" | "totalAttempts" | "timeTaken" | "attemptDate" | "status";

/** Another student's row of an anonymous board: its place, its quiz and its score, nothing else (ADR 0076). */
export type AnonymousBoardRow = Omit<LeaderBoardRow, PersonalBoardField | "id" | "takenQuizId" | "email" | "anonymous"> & {
  id: null;
  takenQuizId: null;
  anonymous: { studentNumber: number };
};

/** A row as the board shows it to its reader: whole, or another student's anonymous one. */
export type ShownBoardRow = LeaderBoardRow | AnonymousBoardRow;

export const isAnonymousRow = (row: ShownBoardRow): row is AnonymousBoardRow => "anonymous" in row;

/**
 * Another student's row as an anonymous board shows it to a student (ADR 0076): named by its
 * place on the board ("Student 4" is the fourth row), with its quiz and score only: no id,
 * and no time taken, date, attempts, correct answers or status, which single a person out as
 * well as a name would (a classmate who saw them finish knows the time). The caller's own rows
 * stay as they are.
 */
export function anonymised(row: LeaderBoardRow, studentId: number, callerId: number, place: number): ShownBoardRow {
  if (studentId === callerId) return row;
  const name = anonymousName(place);
  const { quizId, quizName, quizCategory, percentage, passed } = row;
  return { id: null, takenQuizId: null, quizId, studentName: name, fullname: name, quizName, quizCategory, percentage, passed, anonymous: { studentNumber: place } };
}

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
  /** The attempt's id; null on another student's row of an anonymous board (ADR 0076: no id that leads to a person). */
  id: number | null;
  takenQuizId: number | null;
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
  /** Only on an anonymous board (ADR 0076), on another student's row: its place on the board, the "Student N" it is named by. */
  anonymous?: { studentNumber: number };
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

/**
 * Another student's row as an anonymous board shows it to a student (ADR 0076): named by its
 * place on the board ("Student 4" is the fourth row), without the attempt's id, so that
 * nothing in it leads to the person; the caller's own rows stay as they are.
 */
export function anonymised(row: LeaderBoardRow, studentId: number, callerId: number, place: number): LeaderBoardRow {
  if (studentId === callerId) return row;
  const name = anonymousName(place);
  return { ...row, id: null, takenQuizId: null, studentName: name, fullname: name, anonymous: { studentNumber: place } };
}

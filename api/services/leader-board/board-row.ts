import type { ResultStatus } from "../../../db/schema/attempts";
import type { BoardRecord } from "./board-query";

/**
 * One row of the leader board (spec 2.7 columns, decisions.md boundary names): the attempt
 * that counts for a student at a quiz. `email` only for callers who get the row actions
 * (mayActOnLeaderBoardRows: the owner); every other user of the business reads the board
 * without classmates' addresses (docs/decisions/0041).
 */
export interface LeaderBoardRow {
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
  };
}

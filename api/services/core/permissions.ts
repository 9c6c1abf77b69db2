import { OWNER_PROFILE } from "../../../db/schema/businesses";
import type { Caller } from "./caller";
import { Forbidden } from "./errors";

/**
 * Who may do what: the one place the rules live (docs/decisions/0029-who-may-author.md).
 * Verbs and page guards call these; nothing else compares a profile or a user type. Every
 * verb also loads its rows through the caller's business first, so another business's row
 * is a 404 before any of these is asked.
 */

/** Anything with the owner's profile code (spec 6: profile 2). */
export interface HasProfile {
  profile: number;
}

/** The business owner (spec 6: profile 2): the admin area, every quiz and question of the business. */
export function isOwner(caller: HasProfile): boolean {
  return caller.profile === OWNER_PROFILE;
}

export function assertOwner(caller: HasProfile): void {
  if (!isOwner(caller)) throw new Forbidden();
}

/**
 * Authors build quizzes and the question bank, import questions and upload images: the
 * owner and the business's Teachers. A self-registered Teacher is a Student until the owner
 * approves the request (users.teacher_request), so the user type alone is the test and the
 * token can carry it: the owner's approval or a change of type ends the user's sessions.
 */
export function isAuthor(caller: Pick<Caller, "userType" | "profile">): boolean {
  return caller.userType === "Teacher" || isOwner(caller);
}

export function assertAuthor(caller: Pick<Caller, "userType" | "profile">): void {
  if (!isAuthor(caller)) throw new Forbidden();
}

/**
 * A quiz is changed (edited, deleted, given extra time) by the teacher who made it or by the
 * owner (spec 6); other authors of the business may view it.
 */
export function mayChangeQuiz(caller: Caller, quiz: { teacherId: number }): boolean {
  return isAuthor(caller) && (quiz.teacherId === caller.userId || isOwner(caller));
}

export function assertMayChangeQuiz(caller: Caller, quiz: { teacherId: number }): void {
  if (!mayChangeQuiz(caller, quiz)) throw new Forbidden();
}

/** A quiz's password is a secret of its teacher and the owner: other authors see only that there is one. */
export const maySeeQuizPassword = mayChangeQuiz;

/**
 * The question bank is shared by the business's authors: all of them read every question,
 * its right options and explanation (they pick questions for their quizzes), but only the
 * question's author and the owner change or delete it.
 */
export function mayChangeQuestion(caller: Caller, question: { teacherId: number }): boolean {
  return isAuthor(caller) && (question.teacherId === caller.userId || isOwner(caller));
}

export function assertMayChangeQuestion(caller: Caller, question: { teacherId: number }): void {
  if (!mayChangeQuestion(caller, question)) throw new Forbidden();
}

/**
 * An import's progress and summary (its rejected rows quote no cell, but they are the
 * teacher's own work in progress) are read by the author who ran it and by the owner.
 */
export function mayReadImport(caller: Caller, questionImport: { userId: number }): boolean {
  return isAuthor(caller) && (questionImport.userId === caller.userId || isOwner(caller));
}

export function assertMayReadImport(caller: Caller, questionImport: { userId: number }): void {
  if (!mayReadImport(caller, questionImport)) throw new Forbidden();
}

/** Uploads (question images, import files) serve authoring only. */
export const mayManageFiles = isAuthor;

/** Accounts of the business (teacher requests, user types, role levels) are the owner's. */
export const mayManageUsers = isOwner;

/**
 * A quiz's results (its stats, their status, a student's certificate, item analysis and
 * export) are read and changed by the quiz's teacher and the owner (ADR 0029): the same
 * people who may change the quiz.
 */
export const mayReadQuizResults = mayChangeQuiz;

export function assertMayReadQuizResults(caller: Caller, quiz: { teacherId: number }): void {
  if (!mayReadQuizResults(caller, quiz)) throw new Forbidden();
}

/** Authors e-mail the students of their business (spec 6: teachers send e-mail; the owner too). */
export const mayEmailStudents = isAuthor;

/**
 * The leader board is every signed-in user's (spec 2.3); its row actions (e-mail a student,
 * their certificate) are the owner's alone (spec 6), and e-mail is hidden while the owner
 * acts as a Student.
 */
export function mayActOnLeaderBoardRows(caller: Pick<Caller, "profile">): boolean {
  return isOwner(caller);
}

export function assertMayActOnLeaderBoardRows(caller: Pick<Caller, "profile">): void {
  if (!mayActOnLeaderBoardRows(caller)) throw new Forbidden();
}

export function mayEmailFromLeaderBoard(caller: Pick<Caller, "userType" | "profile">): boolean {
  return isOwner(caller) && caller.userType !== "Student";
}

/** Feedback on a question is read and decided by the question's author and the owner. */
export const mayReadQuestionFeedback = mayChangeQuestion;

/** Plans, payment settings and offline payments are the owner's. */
export const mayManagePayments = isOwner;

/**
 * The teacher area's pages (quiz pool, quiz view and stats, question bank, feedback) open
 * for every author of the business, the owner included (ADR 0062): a school's owner reads
 * and manages its quizzes in the same pages as its teachers, as a Moodle site administrator
 * or a Canvas account admin opens a course's quizzes. Each verb behind the pages still asks
 * its own rule (mayChangeQuiz, mayReadQuizResults, mayReadQuestionFeedback…).
 */
export function mayOpenTeacherArea(caller: Pick<Caller, "userType" | "profile">): boolean {
  return isAuthor(caller);
}

/**
 * The quiz pool lists the whole school's quizzes for the owner (POST /api/quiz/all) and a
 * teacher's own for a teacher (POST /api/quiz/allByTeacher, spec 2.5).
 */
export function seesEverySchoolQuizInPool(caller: HasProfile): boolean {
  return isOwner(caller);
}

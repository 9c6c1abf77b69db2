import { describe, expect, it } from "vitest";
import type { Caller } from "./caller";
import {
  assertMayActOnLeaderBoardRows,
  assertMayReadQuizResults,
  isAuthor,
  isOwner,
  mayActOnLeaderBoardRows,
  mayChangeQuestion,
  mayChangeQuiz,
  mayEmailFromLeaderBoard,
  mayEmailStudents,
  mayManagePayments,
  mayManageUsers,
  mayReadQuestionFeedback,
  mayReadQuizResults,
  mayOpenTeacherArea,
  seesEverySchoolQuizInPool,
} from "./permissions";

/** The one permissions module (ADR 0029): each rule for the owner, the right teacher, another teacher and a student. */
const who = (userId: number, userType: Caller["userType"], profile: number): Caller => ({ userId, businessId: 1, userType, profile, roleLevel: 8 });
const owner = who(1, "Teacher", 2);
const ownerAsStudent = who(1, "Student", 2);
const teacher = who(2, "Teacher", 3);
const otherTeacher = who(3, "Teacher", 3);
const student = who(4, "Student", 4);
const quiz = { teacherId: teacher.userId };

describe("the permissions module", () => {
  it("knows the owner by profile 2 and authors by Teacher or owner", () => {
    expect([owner, teacher, student].map(isOwner)).toEqual([true, false, false]);
    expect([owner, teacher, student].map(isAuthor)).toEqual([true, true, false]);
  });

  it("gives a quiz's changes and results to its teacher and the owner only", () => {
    for (const rule of [mayChangeQuiz, mayReadQuizResults]) {
      expect([owner, teacher, otherTeacher, student].map((c) => rule(c, quiz))).toEqual([true, true, false, false]);
    }
    expect(() => assertMayReadQuizResults(otherTeacher, quiz)).toThrow(/permissions/);
    expect(() => assertMayReadQuizResults(teacher, quiz)).not.toThrow();
  });

  it("gives a question's changes and feedback to its author and the owner only", () => {
    for (const rule of [mayChangeQuestion, mayReadQuestionFeedback]) {
      expect([owner, teacher, otherTeacher, student].map((c) => rule(c, quiz))).toEqual([true, true, false, false]);
    }
  });

  it("lets authors e-mail students; the leader board's row actions are the owner's, e-mail hidden while acting as a Student", () => {
    expect([owner, teacher, student].map(mayEmailStudents)).toEqual([true, true, false]);
    expect([owner, ownerAsStudent, teacher, student].map(mayActOnLeaderBoardRows)).toEqual([true, true, false, false]);
    expect([owner, ownerAsStudent, teacher, student].map(mayEmailFromLeaderBoard)).toEqual([true, false, false, false]);
    expect(() => assertMayActOnLeaderBoardRows(ownerAsStudent)).not.toThrow();
    expect(() => assertMayActOnLeaderBoardRows(teacher)).toThrow("Sorry! you don't have permissions for this operation");
  });

  it("keeps users and payments for the owner", () => {
    expect([owner, teacher, student].map(mayManageUsers)).toEqual([true, false, false]);
    expect([owner, teacher, student].map(mayManagePayments)).toEqual([true, false, false]);
  });

  it("opens the teacher pages to the school's authors, the owner included, and lists the whole school in the owner's pool (ADR 0062)", () => {
    const adminOwner = who(1, "Admin", 2);
    const adminNotOwner = who(5, "Admin", 1);
    expect([adminOwner, owner, ownerAsStudent, teacher, student, adminNotOwner].map(mayOpenTeacherArea)).toEqual([true, true, true, true, false, false]);
    expect([adminOwner, teacher, student].map(seesEverySchoolQuizInPool)).toEqual([true, false, false]);
  });
});

import { expect } from "vitest";
import { attemptAnswers } from "../../db/schema";
import { createAttempt, createQuestion, createQuiz, createUser } from "./factories.node";
import type { TestBed, Who } from "./test-bed.node";

/** Issue 27 point 2 (ADR 0080): the school of the results-by-class tests. */
const MONDAY = Date.UTC(2026, 10, 23, 10, 0, 0);

async function makeClass(post: TestBed["post"], who: Who, name: string, emails: string[]) {
  const made = await post(who, "/classes", { name });
  expect(made.status).toBe(201);
  const classId = made.body.entity.classId as number;
  if (emails.length) expect((await post(who, "/classes/members", { classId, add: emails })).body.refused).toEqual([]);
  return classId;
}

/**
 * A quiz of one question (B right) by the tenant's teacher; Ada and Ben in "Year 10" (Ada right,
 * Ben wrong), Cy in "Year 11" (right), Dee in no class (wrong), each one finished attempt; a
 * colleague's class holding Ada; and a class of another business.
 */
export async function classResultsSchool(bed: TestBed) {
  const { services, tenant, other, post } = bed;
  const db = services.db;
  const businessId = tenant.business.id;
  const student = (fullname: string) => createUser(db, { businessId, userType: "Student", fullname });
  const [ada, ben, cy, dee] = [await student("Ada Class"), await student("Ben Class"), await student("Cy Other"), await student("Dee Nobody")];
  const { question, options } = await createQuestion(db, { businessId, teacherId: tenant.teacher.id, options: [["A", false], ["B", true]] });
  const { quiz } = await createQuiz(db, { businessId, teacherId: tenant.teacher.id, questionIds: [question.id] });
  let minute = 0;
  const sit = async (who: { id: number }, right: boolean, attemptNumber = 1) => {
    minute += 1;
    const attempt = await createAttempt(db, {
      businessId,
      quizId: quiz.id,
      studentId: who.id,
      attemptNumber,
      startedAt: new Date(MONDAY + minute * 60_000),
      submittedAt: new Date(MONDAY + minute * 60_000 + 30_000),
      correctAnswered: right ? 1 : 0,
      percentage: right ? 100 : 0,
    });
    await db.insert(attemptAnswers).values({ attemptId: attempt.id, questionId: question.id, position: 0, selectedOptionIds: [options[right ? 1 : 0].id], answerStatus: right ? "yes" : "no" });
    return attempt;
  };
  await sit(ada, true);
  await sit(ben, false);
  await sit(cy, true);
  await sit(dee, false);
  const year10 = await makeClass(post, tenant.teacher, "Year 10", [ada.email, ben.email]);
  const year11 = await makeClass(post, tenant.teacher, "Year 11", [cy.email]);
  const colleague = await createUser(db, { businessId, userType: "Teacher" });
  const colleagues = await makeClass(post, colleague, "Colleague's class", [ada.email]);
  const foreign = await makeClass(post, other.owner, "Other school's class", [other.student.email]);
  return { quiz, question, options, ada, ben, cy, dee, year10, year11, colleagues, foreign, sit };
}

export type ClassResultsSchool = Awaited<ReturnType<typeof classResultsSchool>>;

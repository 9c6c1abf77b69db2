import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminSettings } from "../../db/schema";
import { createAttempt, createQuiz, createUser } from "../test-support/factories.node";
import { eachTestBed } from "../test-support/test-bed.node";

/**
 * Issue 27 point 7 (ADR 0076), a defect found reading the board: on an Anonymous board a
 * student saw their classmates' time taken and attempt date (and attempts, correct answers,
 * status), which single a person out as well as a name does. Another student's row carries
 * only its place and its score; the student's own row stays whole. Read in the API's body,
 * not only on the page.
 */
const bed = eachTestBed("Anonymous Board School");

/** Fields of a row that describe how one person sat the quiz, not where they stand. */
const PERSONAL_FIELDS = ["timeTaken", "attemptDate", "totalAttempts", "correctAnswered", "status"] as const;

async function resultOf(student: { id: number }, percentage: number, quizName: string) {
  const { tenant, services } = bed;
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName, passPercentage: 50 });
  return createAttempt(services.db, {
    businessId: tenant.business.id,
    quizId: quiz.id,
    studentId: student.id,
    startedAt: new Date(Date.now() - 95_000),
    submittedAt: new Date(),
    percentage,
    correctAnswered: 3,
    timeTaken: 95,
  });
}

describe("the Anonymous board a student reads", () => {
  it("gives another student's row only its place, quiz and score; the student's own row whole", async () => {
    const { tenant, services } = bed;
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", fullname: "Clara Classmate" });
    const mine = await resultOf(tenant.student, 45, "Optics");
    await resultOf(classmate, 90, "Waves");

    const res = await bed.post(tenant.student, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.view).toBe("Anonymous");
    const [theirs, own] = res.body.entities as Record<string, unknown>[];
    expect(theirs).toEqual({
      id: null,
      takenQuizId: null,
      quizId: expect.any(Number),
      studentName: "Student 1",
      fullname: "Student 1",
      quizName: "Waves",
      quizCategory: expect.any(String),
      percentage: 90,
      passed: true,
      anonymous: { studentNumber: 1 },
    });
    for (const field of PERSONAL_FIELDS) expect(theirs).not.toHaveProperty(field);
    expect(own).toMatchObject({ id: mine.id, studentName: tenant.student.fullname, timeTaken: 95, correctAnswered: 3, totalAttempts: 1, status: "Pending", attemptDate: mine.startedAt.getTime() });
  });

  it("is the shape ADR 0076's addendum writes: exactly its fields, with its kinds of values", async () => {
    const { tenant, services } = bed;
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    await resultOf(classmate, 72.5, "Optics");
    const [theirs] = (await bed.post(tenant.student, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} })).body.entities as Record<string, unknown>[];
    const adr = readFileSync(new URL("../../docs/decisions/0076-pass-marks-certificates-and-the-students-board.md", import.meta.url), "utf8");
    const section = adr.slice(adr.indexOf("**API shape.**"));
    const written = JSON.parse(section.match(/```json\n([\s\S]*?)```/)?.[1] ?? "null") as Record<string, unknown>;
    expect(Object.keys(theirs).sort()).toEqual(Object.keys(written).sort());
    const kind = (value: unknown) => (value === null ? "null" : typeof value);
    for (const [field, value] of Object.entries(written)) expect(kind(theirs[field]), field).toBe(kind(value));
    expect(Object.keys(theirs.anonymous as object)).toEqual(Object.keys(written.anonymous as object));
    // Every field the addendum says is absent is named there as such.
    for (const field of [...PERSONAL_FIELDS, "email"]) expect(section).toContain(`\`${field}\``);
  });

  it("Full (the owner's choice) and the staff's board keep every field on every row", async () => {
    const { tenant, services } = bed;
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", fullname: "Clara Classmate" });
    await resultOf(classmate, 90, "Waves");
    const readers = [tenant.teacher, tenant.owner];
    for (const who of readers) {
      const res = await bed.post(who, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} });
      for (const field of PERSONAL_FIELDS) expect(res.body.entities[0]).toHaveProperty(field);
    }
    await services.db.insert(adminSettings).values({ businessId: tenant.business.id, leaderBoardForStudents: "Full" }).onConflictDoUpdate({ target: adminSettings.businessId, set: { leaderBoardForStudents: "Full" } });
    const full = await bed.post(tenant.student, "/takenQuiz/fetchAllTakenQuiz", { queryParams: {} });
    for (const field of PERSONAL_FIELDS) expect(full.body.entities[0]).toHaveProperty(field);
  });
});

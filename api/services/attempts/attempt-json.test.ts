import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { quizAttempts } from "../../../db/schema";
import { createAttempt, createQuiz, createTenant } from "../../test-support/factories.node";
import { callerOf, createTestServices } from "../../test-support/test-app.node";
import type { AppServices } from "../core/app-services";
import { readAttemptSnapshot } from "./attempt-snapshot";
import { attemptColumns } from "./deadline";
import { loadOwnAttempt } from "./own-attempt";
import { loadReadableAttemptsOfQuiz } from "../results/own-attempts";

/**
 * The exam's hot reads take an attempt's row as one JSON array (deadline.ts attemptAsJson,
 * db/json-row.ts): each must give exactly the object drizzle gives for the same row, its dates,
 * JSON paper, enums, nulls and real percentage included.
 */
let services: AppServices;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  tenant = await createTenant(services.db, "Json Row School");
});

const byDrizzle = async (id: number) => (await services.db.select(attemptColumns()).from(quizAttempts).where(eq(quizAttempts.id, id)))[0];

describe("an attempt's row read as one JSON array", () => {
  it("is the row drizzle reads, open or finished, with or without a paper, a deadline and a quiz end", async () => {
    const student = callerOf(tenant.student);
    const { quiz: plain } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const { quiz: ranged } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, status: "DateRange", startTimestamp: 1_700_000_000, endTimestamp: 4_000_000_000, quizTimeType: "Question" });
    const started = new Date(Date.UTC(2026, 10, 29, 9, 0, 0, 123));
    const attempts = [
      await createAttempt(services.db, { businessId: tenant.business.id, quizId: plain.id, studentId: tenant.student.id, startedAt: started }),
      await createAttempt(services.db, {
        businessId: tenant.business.id,
        quizId: ranged.id,
        studentId: tenant.student.id,
        startedAt: started,
        deadlineAt: new Date(started.getTime() + 600_000),
        submittedAt: new Date(started.getTime() + 300_001),
        // A real that 15 significant digits would not bring back.
        percentage: 0.1 + 0.2,
        correctAnswered: 1,
        negativePoints: 2,
        timeTaken: 300,
        status: "Accepted",
        rating: 4,
        answersVersion: 7,
        gradingStatus: "NeedsGrading",
        scoreE7: 12_345_678,
        totalMarkHundredths: 250,
        resultSeenAt: new Date(started.getTime() + 400_000),
        paper: [5, 3, 9],
        examMode: "onebyone",
      }),
    ];
    for (const attempt of attempts) {
      const expected = await byDrizzle(attempt.id);
      expect(await loadOwnAttempt(services, student, attempt.id)).toEqual(expected);
      const { quizTimedPerQuestion: _timed, ...withEnd } = expected;
      expect((await readAttemptSnapshot(services, attempt.id))?.attempt).toEqual({ ...withEnd, quizTimedPerQuestion: expected.quizTimedPerQuestion });
      const { anchor } = await loadReadableAttemptsOfQuiz(services, student, attempt.id);
      expect(anchor).toEqual(expected);
    }
    expect((await loadOwnAttempt(services, student, attempts[1].id)).percentage).toBe(0.1 + 0.2);
    expect((await loadOwnAttempt(services, student, attempts[1].id)).quizEndsAt).toEqual(new Date(4_000_000_000_000));
    expect((await loadOwnAttempt(services, student, attempts[1].id)).quizTimedPerQuestion).toBe(true);
  });
});

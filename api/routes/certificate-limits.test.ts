import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createQuiz, createTenant, createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { CERTIFICATE_LIMITS } from "../services/certificates/download-certificate";
import { BUSY_MESSAGE, createRenderGate } from "../services/certificates/render-gate";
import { TooManyRequests } from "../services/core/errors";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

/** Issue 14 point 6: certificate PDFs cannot be used to stall the server. */
let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  services = await createTestServices({ now: () => new Date(clock) });
  app = createTestApi(services);
  tenant = await createTenant(services.db, "Riverside High");
});

async function finishedAttempt(studentId: number) {
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName: "Light and Lenses" });
  return createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId, startedAt: new Date(clock - 120_000), submittedAt: new Date(clock), percentage: 85.5, correctAnswered: 1 });
}

describe("certificate downloads per student", () => {
  it("answers 20 parallel downloads with 10 PDFs and 429s that say how long to wait; a classmate and the same student later are served", async () => {
    const attempt = await finishedAttempt(tenant.student.id);
    const headers = await bearer(services, tenant.student);
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.request(`/takenQuiz/${attempt.id}/certificate`, { headers })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(CERTIFICATE_LIMITS.perTenMinutes);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(20 - CERTIFICATE_LIMITS.perTenMinutes);
    expect(await refused[0].json()).toEqual({ code: "RATE_LIMITED", message: "Too many certificate downloads. Please try again in 10 minutes." });
    expect(refused[0].headers.get("retry-after")).toBe("600");

    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const theirs = await finishedAttempt(classmate.id);
    expect((await app.request(`/takenQuiz/${theirs.id}/certificate`, { headers: await bearer(services, classmate) })).status).toBe(200);

    clock += 10 * 60 * 1000 + 1000;
    const later = await app.request(`/takenQuiz/${attempt.id}/certificate`, { headers: await bearer(services, tenant.student) });
    expect(later.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await later.arrayBuffer()).subarray(0, 5))).toBe("%PDF-");
  }, 120_000);
});

describe("the render gate (every account together)", () => {
  it("runs two renders at once, lets the next wait its turn, and refuses past the waiting room at once", async () => {
    const gate = createRenderGate(2, 2);
    const started: number[] = [];
    const finishers: (() => void)[] = [];
    const render = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        finishers.push(() => resolve(n));
      });
    const runs = [1, 2, 3, 4].map((n) => gate.run(render(n)));
    await expect(gate.run(render(5))).rejects.toThrow(TooManyRequests);
    await expect(gate.run(render(5))).rejects.toThrow(`${BUSY_MESSAGE}. Please try again in 1 minute.`);
    expect(started).toEqual([1, 2]);
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });

    finishers[0]();
    // The next render starts only after a turn of the event loop: what arrived in between is served first.
    let otherServed = false;
    setTimeout(() => (otherServed = true), 0);
    await runs[0];
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(otherServed).toBe(true);
    expect(started).toEqual([1, 2, 3]);
    finishers.slice(1).forEach((finish) => finish());
    await new Promise((resolve) => setTimeout(resolve, 5));
    finishers.slice(3).forEach((finish) => finish());
    expect(await Promise.all(runs)).toEqual([1, 2, 3, 4]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});

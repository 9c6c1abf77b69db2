import type { AppServices } from "../api/services/core/app-services";
import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { createLibsqlDb } from "../db/client";
import { createAttempt, createQuiz, createTenant } from "../api/test-support/factories.node";
import { quizAttempts } from "../db/schema";
import { createTestServices } from "../api/test-support/test-app.node";
import { startAttemptSweep } from "./attempt-sweep.node";

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

async function until(check: () => Promise<boolean> | boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An attempt whose deadline passed an hour ago, never submitted. */
async function abandonedAttempt() {
  const services = await createTestServices();
  const tenant = await createTenant(services.db);
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
  const hourAgo = new Date(Date.now() - 3_600_000);
  const attempt = await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id, startedAt: hourAgo, deadlineAt: new Date(hourAgo.getTime() + 60_000) });
  return { services, attempt };
}

async function isGraded(services: AppServices, attemptId: number): Promise<boolean> {
  const [row] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return row.submittedAt !== null;
}

it("grades an attempt abandoned past its deadline on its own, without keeping the process alive", async () => {
  const { services, attempt } = await abandonedAttempt();
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  stops.push(startAttemptSweep(services, 10), () => log.mockRestore());
  await until(() => isGraded(services, attempt.id));
  expect(log).toHaveBeenCalledWith("Graded 1 abandoned attempt(s)");
});

it("logs a failing run instead of throwing, and keeps running", async () => {
  // A database nobody migrated: every query of the sweep fails.
  const services = await createTestServices({ db: createLibsqlDb({ url: ":memory:" }) });
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  stops.push(startAttemptSweep(services, 10), () => logged.mockRestore());
  await until(() => logged.mock.calls.length >= 2);
  expect(logged).toHaveBeenCalledWith("Grading abandoned attempts failed:", expect.anything());
});

it("runs at once when asked (a server starting again), not only after its first interval", async () => {
  const { services, attempt } = await abandonedAttempt();
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  stops.push(startAttemptSweep(services, 3_600_000, { runNow: true }), () => log.mockRestore());
  await until(() => isGraded(services, attempt.id));
  expect(log).toHaveBeenCalledWith("Graded 1 abandoned attempt(s)");
});

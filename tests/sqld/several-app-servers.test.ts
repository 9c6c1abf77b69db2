import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuestion, createQuiz, createTenant } from "../../api/test-support/factories.node.ts";
import { type AppServersBed, startAppServersBed } from "../../api/test-support/app-servers-bed.node.ts";
import { localFilesOf } from "../../api/test-support/app-servers.node.ts";
import { LOGIN_LIMITS } from "../../api/services/auth/login-throttle";
import { databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";

const sqld = databaseServerFromEnv();
if (!sqld) throw new Error("tests/sqld runs in the server lane only: npm run test:sqld");

/**
 * Three real app servers (`npm start`'s entry, each its own process group and data folder) on
 * one database of the lane's sqld and one S3 bucket, spoken to over HTTP as a load balancer
 * without sticky sessions would spread one browser's requests (issue 30 point 2; ADR 0090).
 */
let bed: AppServersBed;
beforeAll(async () => {
  // On an empty database: the three start together and each migrates it at start, as a new
  // deployment's servers do (tests/sqld/migrations-at-start.test.ts repeats that race).
  bed = await startAppServersBed(sqld, 3, { emptyDatabase: true });
}, 120_000);
afterAll(() => bed?.stop());

async function school() {
  const tenant = await createTenant(bed.db, "Three Servers School");
  await bed.givePassword(tenant.student.id, tenant.teacher.id);
  const made = await createQuestion(bed.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", false], ["B", true]] });
  const { quiz } = await createQuiz(bed.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: [made.question.id] });
  return { ...tenant, made, quiz };
}

describe("several app servers on one libSQL server", () => {
  it("a student who signs in on A, autosaves on B and submits on A loses nothing, and reads the result on C", async () => {
    const [a, b, c] = bed.servers;
    const { student, made, quiz } = await school();
    const token = await bed.signIn(a, student.email);
    const started = await bed.call(a, "/takeQuiz/startQuiz", token, { quizId: quiz.id });
    expect(started.status).toBe(200);
    const takenQuizId = started.body.takenQuizId as number;
    const shown = await bed.shownIds(takenQuizId);
    const answers = [{ questionId: made.question.id, answer: shown([made.options[1].id]) }];
    expect((await bed.call(b, "/takeQuiz/saveAnswers", token, { takenQuizId, answers })).status).toBe(200);
    // Submitted on A with no answers of its own: the grade comes from what B saved.
    const submitted = await bed.call(a, "/takeQuiz/answerAll", token, { takenQuizId, quizId: quiz.id, answers: [] });
    expect([submitted.status, submitted.body]).toEqual([200, expect.anything()]);
    const read = await bed.call(c, "/takenQuiz/fetchById", token, { takenQuizId });
    expect([read.status, read.body.percentage]).toEqual([200, 100]);
  });

  it("a session ended on one server is refused by every server at once", async () => {
    const [a, b, c] = bed.servers;
    const { student } = await school();
    const token = await bed.signIn(b, student.email);
    for (const server of bed.servers) expect((await bed.call(server, "/auth/me", token)).status).toBe(200);
    expect((await bed.call(a, "/auth/logout", token, {})).status).toBe(200);
    expect([(await bed.call(b, "/auth/me", token)).status, (await bed.call(c, "/auth/me", token)).status]).toEqual([401, 401]);
  });

  it("the sign-in throttle counts failures made on every server: the account locks after its limit, wherever the next try lands", async () => {
    const { student } = await school();
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.account; i++) {
      statuses.push((await bed.call(bed.servers[i % 3], "/auth/login", undefined, { email: student.email, password: "Wrong-password-1" })).status);
    }
    expect(statuses).toEqual(Array(LOGIN_LIMITS.account).fill(401));
    // Each server saw at most four of the ten failures: only a shared count reaches the limit.
    for (const server of bed.servers) {
      expect((await bed.call(server, "/auth/login", undefined, { email: student.email, password: "Test-password-1" })).status).toBe(429);
    }
  });

  it("a file uploaded through one server is in the shared bucket and read through another; no server keeps it in its own folder", async () => {
    const [a, b] = bed.servers;
    const { teacher } = await school();
    const token = await bed.signIn(a, teacher.email);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const form = new FormData();
    form.set("file", new File([png], "diagram.png", { type: "image/png" }));
    form.set("folder", "question-images");
    const uploaded = await fetch(`${a.origin}/api/files/upload`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const read = await fetch(`${b.origin}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(png);
    expect(bed.servers.flatMap(localFilesOf)).toEqual([]);
  });
});

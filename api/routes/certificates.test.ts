import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createQuiz, createTenant, createUser } from "../test-support/factories.node";
import { businesses, certificates, quizAttempts, quizzes, users } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { issueCertificate } from "../services/certificates/issue-certificate";
import { CERTIFICATE_MESSAGES } from "../services/certificates/schemas";
import { VERIFY_LIMIT } from "../services/certificates/verify-certificate";
import { bearer, callerOf, createTestApi, createTestServices } from "../test-support/test-app.node";

/** Certificates (decisions.md "Certificates"; docs/decisions/0026-certificates.md). */
let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  services = await createTestServices({ now: () => new Date(clock) });
  app = createTestApi(services);
  tenant = await createTenant(services.db, "Riverside High");
  other = await createTenant(services.db, "Other School");
});

type Who = Parameters<typeof bearer>[1];

/** A finished attempt (graded at `clock`) of `student` at a quiz of `owner`'s business. */
async function finishedAttempt(student: Who & { id: number; businessId: number } = tenant.student, fields: { quizName?: string; percentage?: number } = {}) {
  const business = student.businessId === tenant.business.id ? tenant : other;
  const { quiz } = await createQuiz(services.db, { businessId: business.business.id, teacherId: business.teacher.id, quizName: fields.quizName ?? "Light and Lenses" });
  return createAttempt(services.db, {
    businessId: business.business.id,
    quizId: quiz.id,
    studentId: student.id,
    startedAt: new Date(clock - 120_000),
    submittedAt: new Date(clock),
    percentage: fields.percentage ?? 85.5,
    correctAnswered: 1,
  });
}

async function download(takenQuizId: number | string, who: Who | null = tenant.student, extra: Record<string, string> = {}) {
  const headers = { ...(who ? await bearer(services, who) : {}), ...extra };
  return app.request(`/takenQuiz/${takenQuizId}/certificate`, { headers });
}

async function verify(code: string, address = "198.51.100.7") {
  const res = await app.request(`/certificates/${encodeURIComponent(code)}`, { headers: { "x-quiz-client-address": address } });
  return { res, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function pdfText(res: Response) {
  const bytes = new Uint8Array(await res.arrayBuffer());
  // pdf.js takes over (detaches) the buffer it is given: it reads a copy.
  return { bytes, text: (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text };
}

const certificateRows = () => services.db.select().from(certificates);

describe("GET /takenQuiz/{takenQuizId}/certificate", () => {
  it("answers the PDF of the caller's own finished attempt, issuing its code once: the same code every later time", async () => {
    await services.db.update(users).set({ fullname: "Zoë Łukasz-Nguyễn" }).where(eq(users.id, tenant.student.id));
    const attempt = await finishedAttempt(tenant.student, { quizName: "Light & Lenses: Optics" });
    const first = await download(attempt.id);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="certificate-of-completion-light-lenses-optics-${attempt.id}.pdf"`);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const { bytes, text } = await pdfText(first);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");

    const rows = await certificateRows();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ attemptId: attempt.id, businessId: tenant.business.id, issuedAt: new Date(clock) });
    expect(row.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const shown of ["Zoë Łukasz-Nguyễn", "Light & Lenses: Optics", "85.5%", "November 23, 2026", "Riverside High", `http://localhost:3000/quiz/verify/${row.code}`]) {
      expect(text).toContain(shown);
    }

    clock += 86_400_000;
    const again = await download(attempt.id);
    expect(again.status).toBe(200);
    expect((await pdfText(again)).text).toContain(`/quiz/verify/${row.code}`);
    expect(await certificateRows()).toEqual([row]);
  });

  it("speaks the language of the lang cookie, else Accept-Language", async () => {
    const attempt = await finishedAttempt();
    expect((await pdfText(await download(attempt.id, tenant.student, { cookie: "lang=ja" }))).text).toContain("修了証");
    expect((await pdfText(await download(attempt.id, tenant.student, { "accept-language": "de-CH,de;q=0.9" }))).text).toContain("Teilnahmezertifikat");
    expect((await pdfText(await download(attempt.id))).text).toContain("Certificate of Completion");
  });

  it("answers 404 for another student's, another business's, another teacher's call, an unknown id and an attempt still running, and issues nothing", async () => {
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const theirs = await finishedAttempt(classmate);
    const foreign = await finishedAttempt(other.student);
    const mine = await finishedAttempt();
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const running = await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id, startedAt: new Date(clock) });

    const answers: [number, Who, number, string][] = [
      [theirs.id, tenant.student, 404, "The requested taken quiz is not found"],
      [foreign.id, tenant.student, 404, "The requested taken quiz is not found"],
      [mine.id, other.student, 404, "The requested taken quiz is not found"],
      // The quiz's teacher and the owner may have it (ADR 0039, api/routes/quiz-stats.test.ts); another teacher may not.
      [mine.id, await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" }), 404, "The requested taken quiz is not found"],
      [mine.id, other.owner, 404, "The requested taken quiz is not found"],
      [999_999, tenant.student, 404, "The requested taken quiz is not found"],
      [running.id, tenant.student, 404, CERTIFICATE_MESSAGES.notFinished],
    ];
    for (const [id, who, status, message] of answers) {
      const res = await download(id, who);
      expect([res.status, ((await res.json()) as { message: string }).message], `attempt ${id}`).toEqual([status, message]);
    }
    expect(await certificateRows()).toEqual([]);

    for (const bad of ["abc", "0", "-1", "1.5", "9".repeat(20)]) expect((await download(bad)).status, bad).toBe(400);
    expect((await download(mine.id, null)).status).toBe(401);
    expect(await certificateRows()).toEqual([]);
  });

  it("grades an attempt left open past its deadline, then certifies it", async () => {
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, time: 1 });
    const started = await app.request("/takeQuiz/startQuiz", { method: "POST", headers: { "content-type": "application/json", ...(await bearer(services, tenant.student)) }, body: JSON.stringify({ quizId: quiz.id }) });
    const { takenQuizId } = (await started.json()) as { takenQuizId: number };
    expect((await download(takenQuizId)).status).toBe(404);
    clock += 60 * 60_000; // never came back
    const res = await download(takenQuizId);
    expect(res.status).toBe(200);
    expect((await pdfText(res)).text).toContain("0%");
  });

  it("ends simultaneous first downloads with one code", async () => {
    const attempt = await finishedAttempt();
    const caller = callerOf(tenant.student);
    const codes = await Promise.all(Array.from({ length: 8 }, () => issueCertificate(services, caller, { takenQuizId: attempt.id }).then((facts) => facts.code)));
    const [both1, both2] = await Promise.all([download(attempt.id), download(attempt.id)]);
    const rows = await certificateRows();
    expect(rows).toHaveLength(1);
    expect(new Set(codes)).toEqual(new Set([rows[0].code]));
    for (const res of [both1, both2]) expect((await pdfText(res)).text).toContain(rows[0].code);
  });

  it("draws a new code for another attempt: codes are per attempt", async () => {
    const one = await finishedAttempt();
    const two = await finishedAttempt();
    const caller = callerOf(tenant.student);
    const [a, b] = [await issueCertificate(services, caller, { takenQuizId: one.id }), await issueCertificate(services, caller, { takenQuizId: two.id })];
    expect(a.code).not.toBe(b.code);
  });
});

describe("what a certificate says (issue 14 point 9)", () => {
  it("is what was true when it was issued: renaming the student, the quiz and the school or regrading the attempt changes neither the public check nor the PDF", async () => {
    await services.db.update(users).set({ fullname: "Ada Lovelace" }).where(eq(users.id, tenant.student.id));
    const attempt = await finishedAttempt(tenant.student, { quizName: "Light and Lenses", percentage: 92 });
    const first = await download(attempt.id);
    expect(first.status).toBe(200);
    const [row] = await certificateRows();
    expect(row).toMatchObject({ studentName: "Ada Lovelace", quizName: "Light and Lenses", percentage: 92, completedAt: attempt.submittedAt, issuer: "Riverside High" });
    const issued = { valid: true, studentName: "Ada Lovelace", quizName: "Light and Lenses", percentage: 92, issuedAt: clock, completedAt: attempt.submittedAt?.getTime(), issuer: "Riverside High", kind: "Completion" };
    expect((await verify(row.code)).body).toEqual({ data: issued });

    clock += 86_400_000;
    await services.db.update(users).set({ fullname: "Augusta King" }).where(eq(users.id, tenant.student.id));
    await services.db.update(quizzes).set({ quizName: "Optics II (renamed)" }).where(eq(quizzes.id, attempt.quizId));
    await services.db.update(businesses).set({ name: "Riverside Academy" }).where(eq(businesses.id, tenant.business.id));
    await services.db.update(quizAttempts).set({ percentage: 40 }).where(eq(quizAttempts.id, attempt.id));

    const { res, body } = await verify(row.code);
    expect([res.status, body]).toEqual([200, { data: issued }]);
    const again = await download(attempt.id);
    expect(again.status).toBe(200);
    const { text } = await pdfText(again);
    for (const shown of ["Ada Lovelace", "Light and Lenses", "92%", "November 23, 2026", "Riverside High"]) expect(text).toContain(shown);
    for (const now of ["Augusta King", "renamed", "40%", "Riverside Academy"]) expect(text).not.toContain(now);
    // The file name follows the certificate too.
    expect(again.headers.get("content-disposition")).toBe(`attachment; filename="certificate-of-completion-light-and-lenses-${attempt.id}.pdf"`);
    expect(await certificateRows()).toEqual([row]);
    // An unknown code is still not a certificate.
    expect((await verify("AAAAAAAAAAAAAAAAAAAAAA")).res.status).toBe(404);
  });

  it("a certificate first used after a rename shows the name of that time", async () => {
    const attempt = await finishedAttempt(tenant.student, { quizName: "Light and Lenses" });
    await services.db.update(quizzes).set({ quizName: "Lenses, second edition" }).where(eq(quizzes.id, attempt.quizId));
    const { code } = await issueCertificate(services, callerOf(tenant.student), { takenQuizId: attempt.id });
    expect((await verify(code)).body.data.quizName).toBe("Lenses, second edition");
  });
});

describe("GET /certificates/{code} (public)", () => {
  it("confirms a genuine certificate to anyone, with who, which quiz, the percentage and the dates only", async () => {
    const attempt = await finishedAttempt(tenant.student, { percentage: 92 });
    const issuedAt = clock + 3_600_000;
    clock = issuedAt;
    const { code } = await issueCertificate(services, callerOf(tenant.student), { takenQuizId: attempt.id });
    const { res, body } = await verify(code);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(body).toEqual({
      data: {
        valid: true,
        studentName: tenant.student.fullname,
        quizName: "Light and Lenses",
        percentage: 92,
        issuedAt,
        completedAt: attempt.submittedAt?.getTime(),
        issuer: "Riverside High",
        // ADR 0076: what it certifies; a quiz without a pass mark, completion.
        kind: "Completion",
      },
    });
  });

  it("answers 404 with a clear message for an unknown or malformed code", async () => {
    await issueCertificate(services, callerOf(tenant.student), { takenQuizId: (await finishedAttempt()).id });
    for (const code of ["AAAAAAAAAAAAAAAAAAAAAA", "x", "a".repeat(300), "../../etc/passwd", "' or 1=1 --"]) {
      const { res, body } = await verify(code);
      expect([res.status, body.message], code).toEqual([404, CERTIFICATE_MESSAGES.notValid]);
    }
  });

  it(`counts lookups per client address: the ${VERIFY_LIMIT.perAddress + 1}th in the window is 429 with Retry-After`, async () => {
    for (let i = 0; i < VERIFY_LIMIT.perAddress; i++) expect((await verify("AAAAAAAAAAAAAAAAAAAAAA", "203.0.113.9")).res.status).toBe(404);
    const { res, body } = await verify("AAAAAAAAAAAAAAAAAAAAAA", "203.0.113.9");
    expect(res.status).toBe(429);
    expect(body.message).toMatch(/Too many attempts/);
    expect(body.code).toBe("TOO_MANY_ATTEMPTS");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await verify("AAAAAAAAAAAAAAAAAAAAAA", "203.0.113.10")).res.status).toBe(404);
    clock += VERIFY_LIMIT.windowMs;
    expect((await verify("AAAAAAAAAAAAAAAAAAAAAA", "203.0.113.9")).res.status).toBe(404);
  });

  it("is in the OpenAPI document with the download", async () => {
    const document = (await (await app.request("/openapi.json")).json()) as { paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }> };
    expect(Object.keys(document.paths["/takenQuiz/{takenQuizId}/certificate"].get?.responses["200"].content ?? {})).toEqual(["application/pdf"]);
    expect(document.paths["/certificates/{code}"].get?.responses["404"]).toBeDefined();
  });
});

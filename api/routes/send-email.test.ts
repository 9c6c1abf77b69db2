import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { EMAIL_MESSAGES } from "../services/mail/schemas";
import { STUDENT_EMAIL_LIMITS, STUDENT_EMAIL_TAG } from "../services/mail/send-student-email";
import { createQuiz, createTenant, createUser } from "../test-support/factories.node";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  tenant = await createTenant(services.db, "Mail School");
  other = await createTenant(services.db, "Other School");
});

async function send(who: Parameters<typeof bearer>[1], body: unknown) {
  const res = await app.request("/sendEmail", { method: "POST", headers: { "content-type": "application/json", ...(await bearer(services, who)) }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string; code?: string; errors?: Record<string, string> } };
}

const outbox = () => services.db.select().from(emailOutbox).where(eq(emailOutbox.tag, STUDENT_EMAIL_TAG));

function mailTo(student: { fullname: string; email: string }, overrides: Record<string, unknown> = {}) {
  return { studentName: student.fullname, studentEmail: student.email, subject: "Your result", message: "<p>Well <strong>done</strong> on the quiz!</p>", quizId: -1, ...overrides };
}

describe("POST /sendEmail", () => {
  it("sends a teacher's formatted message to a student of the business, with a text part and replies to the teacher", async () => {
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName: "Fractions" });
    const sent = await send(tenant.teacher, mailTo(tenant.student, { quizId: quiz.id, studentEmail: tenant.student.email.toUpperCase() }));
    expect(sent).toMatchObject({ status: 200, body: { message: "Email has been sent successfully" } });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: tenant.student.email, subject: "Your result", businessId: tenant.business.id });
    expect(mail.html).toContain("<p>Well <strong>done</strong> on the quiz!</p>");
    expect(mail.html).toContain(`Hello ${tenant.student.fullname},`);
    expect(mail.html).toContain("about the quiz &#34;Fractions&#34;");
    expect(mail.text).toContain("Well done on the quiz!");
    expect(mail.text).toContain(`Sent by ${tenant.teacher.fullname} (${tenant.teacher.email}) of Mail School about the quiz "Fractions"`);
  });

  it("greets and signs in the sender's language (the lang cookie), the message as written", async () => {
    const res = await app.request("/sendEmail", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "lang=fr", ...(await bearer(services, tenant.owner)) },
      body: JSON.stringify(mailTo(tenant.student)),
    });
    expect(res.status).toBe(200);
    const [mail] = await outbox();
    expect(mail.html).toContain(`Bonjour ${tenant.student.fullname},`);
    expect(mail.text).toContain(`Envoyé par ${tenant.owner.fullname} (${tenant.owner.email}) de Mail School.`);
  });

  it("the owner sends from the leader board (quiz id -1)", async () => {
    expect((await send(tenant.owner, mailTo(tenant.student))).status).toBe(200);
    const [mail] = await outbox();
    expect(mail.html).not.toContain("about the quiz");
  });

  it("strips a script from the body and keeps the rest; a body that is only a script is refused, nothing sent", async () => {
    const sent = await send(tenant.teacher, mailTo(tenant.student, { message: '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">there</a></p><img src=x onerror=alert(1)>' }));
    expect(sent.status).toBe(200);
    const [mail] = await outbox();
    expect(mail.html).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(mail.html).toContain('<p>Hi <a rel="noopener noreferrer nofollow">there</a></p>');

    const empty = await send(tenant.teacher, mailTo(tenant.student, { message: "<script>alert(1)</script><p><br></p>" }));
    expect(empty).toMatchObject({ status: 400, body: { message: EMAIL_MESSAGES.messageRequired, errors: { message: EMAIL_MESSAGES.messageRequired } } });
    expect(await outbox()).toHaveLength(1);
  });

  it("refuses each bad field with a clear 400 and sends nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ subject: "" }, EMAIL_MESSAGES.subjectRequired],
      [{ subject: "A" }, EMAIL_MESSAGES.subjectShort],
      [{ subject: "x".repeat(51) }, EMAIL_MESSAGES.subjectLong],
      [{ subject: "Hi\r\nBcc: everyone@example.com" }, EMAIL_MESSAGES.subjectOneLine],
      [{ studentEmail: "" }, EMAIL_MESSAGES.emailRequired],
      [{ studentEmail: "not an address" }, EMAIL_MESSAGES.emailInvalid],
      [{ studentName: "" }, EMAIL_MESSAGES.nameRequired],
      [{ message: "" }, EMAIL_MESSAGES.messageRequired],
      [{ message: "x".repeat(20_001) }, EMAIL_MESSAGES.messageTooLong],
      [{ quizId: 0 }, EMAIL_MESSAGES.quizIdInvalid],
      [{ quizId: "7" }, EMAIL_MESSAGES.quizIdInvalid],
    ];
    for (const [fields, message] of cases) {
      const answer = await send(tenant.teacher, mailTo(tenant.student, fields));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.message, JSON.stringify(fields)).toBe(message);
    }
    expect(await outbox()).toEqual([]);
  });

  it("refuses an address outside the business, a teacher's address, nobody's, and another business's quiz with 404, nothing sent", async () => {
    const { quiz: foreignQuiz } = await createQuiz(services.db, { businessId: other.business.id, teacherId: other.teacher.id });
    expect((await send(tenant.teacher, mailTo(other.student))).status).toBe(404);
    expect((await send(tenant.teacher, mailTo(tenant.owner))).status).toBe(404);
    expect((await send(tenant.teacher, mailTo({ fullname: "Nobody", email: "nobody@example.com" }))).status).toBe(404);
    expect((await send(tenant.teacher, mailTo(tenant.student, { quizId: foreignQuiz.id }))).status).toBe(404);
    expect(await outbox()).toEqual([]);
  });

  it("a student may not send (403) and an anonymous caller is 401; nothing sent", async () => {
    const classmate = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    expect((await send(classmate, mailTo(tenant.student))).status).toBe(403);
    const anonymous = await app.request("/sendEmail", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(mailTo(tenant.student)) });
    expect(anonymous.status).toBe(401);
    expect(await outbox()).toEqual([]);
  });

  it("limits a sender to 20 in ten minutes: 429 RATE_LIMITED with Retry-After, other senders unaffected, later fine", async () => {
    const students = await Promise.all(Array.from({ length: 3 }, () => createUser(services.db, { businessId: tenant.business.id, userType: "Student" })));
    const answers = [];
    for (let i = 0; i < STUDENT_EMAIL_LIMITS.perTenMinutes + 2; i++) answers.push(await send(tenant.teacher, mailTo(students[i % 3])));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(STUDENT_EMAIL_LIMITS.perTenMinutes);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    expect(refused.body.message).toMatch(/^You have sent a lot of e-mails\. Please try again in (10|9) minutes\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await outbox()).toHaveLength(STUDENT_EMAIL_LIMITS.perTenMinutes);

    expect((await send(tenant.owner, mailTo(students[0]))).status).toBe(200);
    const later = new Date(Date.now() + 10 * 60 * 1000 + 1000);
    services.now = () => later;
    expect((await send(tenant.teacher, mailTo(students[1]))).status).toBe(200);
  });

  it("limits mail to one student to 10 a day whoever sends it", async () => {
    const teachers = [tenant.teacher, tenant.owner];
    const statuses = [];
    for (let i = 0; i < STUDENT_EMAIL_LIMITS.perRecipientPerDay + 1; i++) statuses.push((await send(teachers[i % 2], mailTo(tenant.student))).status);
    expect(statuses.slice(0, STUDENT_EMAIL_LIMITS.perRecipientPerDay).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

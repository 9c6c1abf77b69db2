import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { questionFeedback } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { FEEDBACK_DECISION_MESSAGES } from "../services/feedback/schemas";
import { createAttempt, createQuestion, createQuiz, createTenant, createUser } from "../test-support/factories.node";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let colleague: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  services = await createTestServices();
  app = createTestApi(services);
  tenant = await createTenant(services.db, "Feedback School");
  other = await createTenant(services.db, "Other School");
  colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher", fullname: "Colleague Teacher" });
});

/** What the feedback endpoints answer, loosely: each test reads the part it is about. */
type Answer = { totalCount: number; entities: { id: number }[]; feedbackObject: unknown; message: string; entity: unknown; feedbackId: number };

async function post(path: string, who: Parameters<typeof bearer>[1], body: unknown) {
  const res = await app.request(path, { method: "POST", headers: { "content-type": "application/json", ...(await bearer(services, who)) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** A feedback row as the student's send stores it. */
async function feedback(input: { businessId: number; questionId: number; studentId: number; text: string; minutesAgo?: number; status?: "Pending" | "Accepted" | "Rejected" }) {
  const [row] = await services.db
    .insert(questionFeedback)
    .values({
      businessId: input.businessId,
      questionId: input.questionId,
      studentId: input.studentId,
      feedbackText: input.text,
      status: input.status ?? "Pending",
      createdAt: new Date(Date.now() - (input.minutesAgo ?? 0) * 60_000),
    })
    .returning();
  return row;
}

async function seed() {
  const mine = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionText: "What is 7 × 8?", answerExplanation: "<p>56</p>" });
  const theirs = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: colleague.id, questionText: "Capital of France?" });
  const foreign = await createQuestion(services.db, { businessId: other.business.id, teacherId: other.teacher.id });
  const anna = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", fullname: "Anna Zimmer", email: "anna@school.test" });
  const ben = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", fullname: "Ben Adams", email: "ben@school.test" });
  const a = await feedback({ businessId: tenant.business.id, questionId: mine.question.id, studentId: anna.id, text: "Option B is ambiguous", minutesAgo: 30 });
  const b = await feedback({ businessId: tenant.business.id, questionId: mine.question.id, studentId: ben.id, text: "Typo in the question", minutesAgo: 10, status: "Accepted" });
  const c = await feedback({ businessId: tenant.business.id, questionId: theirs.question.id, studentId: ben.id, text: "Paris is missing", minutesAgo: 5 });
  const d = await feedback({ businessId: other.business.id, questionId: foreign.question.id, studentId: other.student.id, text: "Elsewhere", minutesAgo: 1 });
  return { mine, theirs, foreign, anna, ben, a, b, c, d };
}

const list = (who: Parameters<typeof bearer>[1], queryParams: unknown = {}) => post("/feedback/getAllQuestionFeedback", who, { queryParams });

describe("POST /feedback/getAllQuestionFeedback", () => {
  it("a teacher lists feedback on their own questions, newest first; the owner every feedback of the business", async () => {
    const { a, b, c } = await seed();
    const teacher = await list(tenant.teacher);
    expect(teacher.status).toBe(200);
    expect(teacher.body.totalCount).toBe(2);
    expect(teacher.body.entities.map((row: { id: number }) => row.id)).toEqual([b.id, a.id]);
    expect(teacher.body.entities[1]).toMatchObject({ feedbackId: a.id, feedbackText: "Option B is ambiguous", studentName: "Anna Zimmer", studentEmail: "anna@school.test", questionText: "What is 7 × 8?", status: "Pending", transitions: ["Accepted", "Rejected"] });
    const owner = await list(tenant.owner);
    expect(owner.body.entities.map((row: { id: number }) => row.id)).toEqual([c.id, b.id, a.id]);
  });

  it("searches feedback text, student name and e-mail and question text; filters by question and status; sorts by student", async () => {
    const { mine, a, b, c } = await seed();
    const ids = async (queryParams: unknown) => (await list(tenant.owner, queryParams)).body.entities.map((row: { id: number }) => row.id);
    expect(await ids({ filter: { search: "ambiguous" } })).toEqual([a.id]);
    expect(await ids({ filter: { search: "ANNA" } })).toEqual([a.id]);
    expect(await ids({ filter: { search: "ben@school" } })).toEqual([c.id, b.id]);
    expect(await ids({ filter: { search: "capital" } })).toEqual([c.id]);
    expect(await ids({ filter: { search: "100%" } })).toEqual([]);
    expect(await ids({ filter: { questionId: mine.question.id } })).toEqual([b.id, a.id]);
    expect(await ids({ filter: { status: "Accepted" } })).toEqual([b.id]);
    expect(await ids({ sortField: "studentName", sortOrder: "asc" })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ sortField: "", pageSize: 1, pageNumber: 2 })).toEqual([b.id]);
  });

  it("refuses a bad query with 400 and students with 403", async () => {
    await seed();
    expect((await list(tenant.owner, { sortField: "feedbackText" })).status).toBe(400);
    expect((await list(tenant.owner, { filter: { search: "x".repeat(100_000) } })).status).toBe(400);
    expect((await list(tenant.owner, { filter: { status: "Done" } })).status).toBe(400);
    expect((await list(tenant.owner, { pageSize: 101 })).status).toBe(400);
    expect((await list(tenant.student)).status).toBe(403);
  });
});

describe("POST /feedback/getQuestionFeedbackById", () => {
  it("answers the feedback with its question (text, options, explanation) for the question's author and the owner", async () => {
    const { mine, a } = await seed();
    const read = await post("/feedback/getQuestionFeedbackById", tenant.teacher, { feedbackId: a.id });
    expect(read.status).toBe(200);
    expect(read.body.feedbackObject).toMatchObject({
      feedbackId: a.id,
      feedbackText: "Option B is ambiguous",
      question: { questionId: mine.question.id, questionText: "What is 7 × 8?", answerExplaination: "<p>56</p>", options: [{ optionText: "A", optionStatus: false }, { optionText: "B", optionStatus: true }, {}, {}] },
    });
    expect((await post("/feedback/getQuestionFeedbackById", tenant.owner, { feedbackId: a.id })).status).toBe(200);
  });

  it("another teacher's question 403, another business's feedback or none 404, a student 403, a bad id 400", async () => {
    const { c, d } = await seed();
    expect((await post("/feedback/getQuestionFeedbackById", tenant.teacher, { feedbackId: c.id })).status).toBe(403);
    expect((await post("/feedback/getQuestionFeedbackById", tenant.teacher, { feedbackId: d.id })).status).toBe(404);
    expect((await post("/feedback/getQuestionFeedbackById", tenant.owner, { feedbackId: 999_999 })).status).toBe(404);
    expect((await post("/feedback/getQuestionFeedbackById", tenant.student, { feedbackId: c.id })).status).toBe(403);
    expect((await post("/feedback/getQuestionFeedbackById", tenant.owner, { feedbackId: "abc" })).status).toBe(400);
  });
});

describe("POST /feedback/update", () => {
  const statusOf = async (id: number) => (await services.db.select().from(questionFeedback).where(eq(questionFeedback.id, id)))[0].status;

  it("accepts, reopens and rejects along the transitions; the same status again is a no-op success", async () => {
    const { a } = await seed();
    const accept = await post("/feedback/update", tenant.teacher, { feedbackId: a.id, status: "Accepted" });
    expect(accept).toMatchObject({ status: 200, body: { message: FEEDBACK_DECISION_MESSAGES.Accepted, code: "FEEDBACK_ACCEPTED", entity: { status: "Accepted", transitions: ["Pending"] } } });
    expect(await statusOf(a.id)).toBe("Accepted");
    expect((await post("/feedback/update", tenant.teacher, { feedbackId: a.id, status: "Accepted" })).status).toBe(200);
    const jump = await post("/feedback/update", tenant.teacher, { feedbackId: a.id, status: "Rejected" });
    expect(jump).toMatchObject({ status: 409, body: { message: FEEDBACK_DECISION_MESSAGES.reopenFirst, code: "FEEDBACK_REOPEN_FIRST" } });
    expect(await statusOf(a.id)).toBe("Accepted");
    expect((await post("/feedback/update", tenant.owner, { feedbackId: a.id, status: "Pending" })).body).toMatchObject({ message: FEEDBACK_DECISION_MESSAGES.Pending, code: "FEEDBACK_REOPENED" });
    expect((await post("/feedback/update", tenant.owner, { feedbackId: a.id, status: "Rejected" })).status).toBe(200);
    expect(await statusOf(a.id)).toBe("Rejected");
  });

  it("changes nothing for a bad status (400), another teacher's question or a student (403), another business (404)", async () => {
    const { a, c, d } = await seed();
    expect((await post("/feedback/update", tenant.teacher, { feedbackId: a.id, status: "Done" })).status).toBe(400);
    expect((await post("/feedback/update", tenant.teacher, { feedbackId: a.id })).status).toBe(400);
    expect((await post("/feedback/update", tenant.teacher, { feedbackId: c.id, status: "Accepted" })).status).toBe(403);
    expect((await post("/feedback/update", tenant.student, { feedbackId: a.id, status: "Accepted" })).status).toBe(403);
    expect((await post("/feedback/update", tenant.teacher, { feedbackId: d.id, status: "Accepted" })).status).toBe(404);
    expect((await post("/feedback/update", other.owner, { feedbackId: a.id, status: "Accepted" })).status).toBe(404);
    expect([await statusOf(a.id), await statusOf(c.id), await statusOf(d.id)]).toEqual(["Pending", "Pending", "Pending"]);
  });

  it("two decisions at once: one wins, the other is refused or agrees, never both", async () => {
    const { a } = await seed();
    const [accept, reject] = await Promise.all([
      post("/feedback/update", tenant.teacher, { feedbackId: a.id, status: "Accepted" }),
      post("/feedback/update", tenant.owner, { feedbackId: a.id, status: "Rejected" }),
    ]);
    const final = await statusOf(a.id);
    expect([accept.status, reject.status].sort()).toEqual([200, 409]);
    expect(final).toBe(accept.status === 200 ? "Accepted" : "Rejected");
  });
});

it("the student's feedback send still lands in the teacher's list (existing flow)", async () => {
  const { quiz, questionIds } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
  await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
  const sent = await post("/feedback/sendQuestionFeedback", tenant.student, { questionId: questionIds[0], feedbackText: "Unclear wording" });
  expect(sent.status).toBe(200);
  const listed = await list(tenant.teacher, { filter: { questionId: questionIds[0] } });
  expect(listed.body.entities).toMatchObject([{ feedbackId: sent.body.feedbackId, feedbackText: "Unclear wording", status: "Pending" }]);
});

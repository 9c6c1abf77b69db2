import { copyFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createLibsqlDb } from "../../db/client";
import type { Db } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node";
import { loadQuestionsKey } from "../services/attempts/answer-key";
import { keptPaperRows, loadPaperRows } from "../services/attempts/exam-paper";
import type { AppServices } from "../services/core/app-services";
import { resultQuestionsOf } from "../services/results/result-questions";
import { createCategoryCourse, createQuestion, createTenant, createTypedQuestion, createUser } from "../test-support/factories.node";
import { TINY_PNG } from "../test-support/bank-of-every-type.node";
import { migratedTemplate } from "../test-support/migrated-template.node";
import { quizBody } from "../test-support/request-bodies";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

/**
 * A taken quiz's paper, answer key and result questions are read once per process and kept
 * (kept-per-quiz.ts: keptPaperRows, the answer key, resultQuestionsOf). That is right only if
 * nothing can change what they read once the quiz has an attempt, on this server or on another
 * one that shares the database (issue 30). Every write path that touches a row they read is
 * tried here through the real API of a second server after the quiz is taken (ADR 0022, addendum
 * of issue 25 point 8): each is refused with the taken-quiz answer or leaves those rows as they
 * were, and what both servers keep still equals a fresh read of the database afterwards.
 */
const files: string[] = [];
afterAll(() => files.forEach((file) => rmSync(file, { force: true })));

/** One database and a way to open a handle on it, as each app server has its own: a new database on the libSQL server lane's server, else a file. */
async function oneDatabase(): Promise<() => Promise<Db>> {
  const server = databaseServerFromEnv();
  let url: string;
  if (server) url = await createServerDatabase(server);
  else {
    const file = path.join(tmpdir(), `kept-paper-${process.pid}-${Date.now()}.db`);
    files.push(file, `${file}-wal`, `${file}-shm`);
    copyFileSync(await migratedTemplate(), file);
    url = `file:${file}`;
  }
  return async () => {
    const db = createLibsqlDb({ url, authToken: server?.authToken });
    await migrateDatabase(db);
    return db;
  };
}

type Who = Parameters<typeof bearer>[1];
/** One app server: its services (its own database handle) and JSON requests to its API. */
interface Server {
  services: AppServices;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(who: Who, method: "GET" | "POST", route: string, body?: unknown): Promise<{ status: number; body: any }>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post(who: Who, route: string, body: unknown): Promise<{ status: number; body: any }>;
}

async function serverOn(db: Db, blobs?: AppServices["blobs"]): Promise<Server> {
  const services = await createTestServices({ db, ...(blobs ? { blobs } : {}) });
  const app = createTestApi(services);
  const call: Server["call"] = async (who, method, route, body) => {
    const res = await app.request(route, { method, headers: { "content-type": "application/json", ...(await bearer(services, who)) }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  return {
    services,
    post: (who, route, body) => call(who, "POST", route, body),
    call,
  };
}

/** What a process keeps for the quiz, as the exam and the results read it. */
const keptOf = async (services: AppServices, quizId: number) => ({
  paper: await keptPaperRows(services, quizId),
  key: await loadQuestionsKey(services, quizId),
  result: await resultQuestionsOf(services, quizId),
});

let a: Server;
let b: Server;
let openHandle: () => Promise<Db>;
let school: Awaited<ReturnType<typeof schoolWithTakenQuiz>>;

beforeEach(async () => {
  openHandle = await oneDatabase();
  a = await serverOn(await openHandle());
  // The shared bucket (issue 30): both servers sign and read the same files.
  b = await serverOn(await openHandle(), a.services.blobs);
  school = await schoolWithTakenQuiz();
});

async function schoolWithTakenQuiz() {
  const { db } = a.services;
  const tenant = await createTenant(db, "Kept Paper School");
  const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
  const algebra = await createCategoryCourse(db, { ...who, category: "Maths", course: "Algebra" });
  await createCategoryCourse(db, { ...who, category: "Science", course: "Physics" });
  const shapes = await createCategoryCourse(db, { ...who, category: "Shapes", course: "Geometry" });
  const image = await upload(a, tenant.teacher, "diagram.png");
  const place = { categoryId: algebra.category.id, courseId: algebra.course.id };
  const radio = await createQuestion(db, { ...who, ...place, questionText: "Which is prime?", questionImage: image, options: [["4", false], ["7", true]] });
  const short = await createTypedQuestion(db, { ...who, ...place, optionType: "shortAnswer", questionText: "The capital of France?", answerKey: { answers: [{ text: "Paris", credit: 100 }], caseSensitive: false }, defaultMark: 2 });
  const pool = [];
  for (const n of [1, 2, 3]) pool.push((await createQuestion(db, { ...who, categoryId: shapes.category.id, courseId: shapes.course.id, questionText: `Drawn ${n}?`, options: [["yes", true], ["no", false]] })).question);
  const made = await a.post(tenant.teacher, "/quiz", quizBody({ selectedQuestions: [radio.question.id, short.question.id], draws: [{ category: "Shapes", course: "Geometry", count: 2 }], attemptsAllowed: 3 }));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const quizId = made.body.entity.id as number;

  // Taken: a first student starts and submits on server A, so A keeps the paper, the key and the result's questions.
  const first = tenant.student;
  const started = await a.post(first, "/takeQuiz/startQuiz", { quizId });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const submitted = await a.post(first, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId, quizId, answers: [] });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect((await a.post(first, "/takenQuiz/fetchById", { takenQuizId: started.body.takenQuizId })).status).toBe(200);
  // A second student starts on server B: B keeps them too.
  const second = await createUser(db, { businessId: tenant.business.id, userType: "Student" });
  expect((await b.post(second, "/takeQuiz/startQuiz", { quizId })).status).toBe(200);
  return { tenant, quizId, image, radio: radio.question, short: short.question, pool, algebra, shapes, second };
}

/** Stores a file through /files/upload as `who` on `server` (an image by default, else a bank file); its key. */
async function upload(server: Server, who: Who, name: string, content: Uint8Array<ArrayBuffer> | string = TINY_PNG): Promise<string> {
  const body = new FormData();
  body.set("file", new File([content], name, typeof content === "string" ? {} : { type: "image/png" }));
  body.set("folder", typeof content === "string" ? "csv-uploads" : "question-images");
  const res = await createTestApi(server.services).request("/files/upload", { method: "POST", body, headers: await bearer(server.services, who) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

/** The editor's whole form for a choice question (decisions.md), with `change` applied. */
const choiceForm = (questionId: number, change: Record<string, unknown> = {}) => ({
  questionId,
  questionText: "Which is prime?",
  optionType: "radio",
  options: [
    { optionText: "4", optionStatus: false },
    { optionText: "7", optionStatus: true },
  ],
  category: "Maths",
  course: "Algebra",
  answerExplaination: "<p>Seven is prime.</p>",
  ...change,
});

const TAKEN = { status: 409, body: expect.objectContaining({ code: "QUESTIONS_LOCKED_BY_ATTEMPTS" }) };

describe("a taken quiz's kept paper, key and result questions", () => {
  it("are never changed by a question edit on another server: text, options, key, mark, type, image, explanation or a move, of its own questions or its draws' part", async () => {
    const { tenant, radio, short, pool, quizId } = school;
    const before = await keptOf(a.services, quizId);
    const otherImage = await upload(b, tenant.teacher, "another.png");
    const edits: [string, Record<string, unknown>][] = [
      ["the text", choiceForm(radio.id, { questionText: "Which is even?" })],
      ["the options", choiceForm(radio.id, { options: [{ optionText: "4", optionStatus: false }, { optionText: "9", optionStatus: true }] })],
      ["the right option", choiceForm(radio.id, { options: [{ optionText: "4", optionStatus: true }, { optionText: "7", optionStatus: false }] })],
      ["the mark", choiceForm(radio.id, { defaultMark: 5 })],
      ["the type", choiceForm(radio.id, { optionType: "checkbox", options: [{ optionText: "2", optionStatus: true }, { optionText: "7", optionStatus: true }, { optionText: "9", optionStatus: false }] })],
      ["the image replaced", choiceForm(radio.id, { questionImage: otherImage })],
      ["the image removed", choiceForm(radio.id, { questionImage: null })],
      ["the explanation", choiceForm(radio.id, { answerExplaination: "<p>Seven has no divisors.</p>" })],
      ["a move to another category and course", choiceForm(radio.id, { category: "Science", course: "Physics" })],
      ["a typed question's key", { ...choiceForm(short.id), questionText: "The capital of France?", optionType: "shortAnswer", options: [], answerKey: { answers: [{ text: "Lyon", credit: 100 }], caseSensitive: false } }],
      ["a question of a draw's part", choiceForm(pool[0].id, { questionText: "Drawn, edited?", category: "Shapes", course: "Geometry" })],
    ];
    for (const [what, form] of edits) expect(await b.post(tenant.teacher, "/question/update", form), what).toEqual(TAKEN);
    // The owner, who may change any question of the business, is refused the same way.
    expect(await b.post(tenant.owner, "/question/update", choiceForm(radio.id, { questionText: "Owner's edit?" }))).toEqual(TAKEN);
    await expectKeptEverywhere(before);
  });

  it("are never changed by a delete, a quiz edit, a duplication or an import on another server", async () => {
    const { tenant, radio, short, pool, quizId } = school;
    const before = await keptOf(a.services, quizId);
    for (const questionId of [radio.id, short.id, pool[0].id]) {
      expect(await b.post(tenant.teacher, "/question/delete", { questionId })).toEqual({ status: 409, body: expect.objectContaining({ code: "QUESTION_IN_USE" }) });
    }
    const quizEdits: [string, Record<string, unknown>][] = [
      ["the order of its questions", { selectedQuestions: [short.id, radio.id] }],
      ["one question fewer", { selectedQuestions: [radio.id], totalQuestion: 3 }],
      ["one question more", { selectedQuestions: [radio.id, short.id, pool[2].id], totalQuestion: 5 }],
      ["its draws", { draws: [{ category: "Shapes", course: "Geometry", count: 3 }], totalQuestion: 5 }],
      ["no draws", { draws: [], totalQuestion: 2 }],
    ];
    for (const [what, change] of quizEdits) expect(await b.post(tenant.teacher, "/quiz/update", { quizId, ...change }), what).toEqual(TAKEN);
    expect(await b.post(tenant.teacher, "/quiz/update", { quizId, category: "Science", course: "Physics" })).toEqual({ status: 409, body: expect.objectContaining({ code: "QUIZ_NOT_EDITABLE" }) });
    // What stays editable on a taken quiz is not read by the paper: a rename goes through.
    expect((await b.post(tenant.teacher, "/quiz/update", { quizId, quizName: "Renamed after the first attempt" })).status).toBe(200);

    // A copy is a new quiz (its own id, no attempt): editing its list changes nothing of the original's,
    // and the questions it shares with the taken quiz stay locked through it.
    const copy = await b.post(tenant.teacher, "/quiz/duplicate", { quizId });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const copyId = copy.body.entity.id as number;
    expect((await b.post(tenant.teacher, "/quiz/update", { quizId: copyId, selectedQuestions: [short.id, radio.id], draws: [], totalQuestion: 2 })).status).toBe(200);
    expect(await b.post(tenant.teacher, "/question/update", choiceForm(radio.id, { questionText: "Edited through the copy?" }))).toEqual(TAKEN);

    // An import only adds questions (store-imported.ts): the same question imported again is a new row of the bank
    // (or skipped as a duplicate), never written over the one the quiz uses.
    const gift = "::Prime:: Which is prime? {=7 ~4}\n";
    const res = await b.post(tenant.teacher, "/giftquestion", { location: await upload(b, tenant.teacher, "again.gift", gift), category: "Maths", course: "Algebra" });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const summary = await b.call(tenant.teacher, "GET", `/questionImports/${res.body.importId}`);
    expect(summary.body).toMatchObject({ status: "done", total: 1 });
    expect(summary.body.imported + summary.body.duplicates).toBe(1);

    // A student's thumbs change only the question's counters, which none of the three reads.
    expect((await b.post(tenant.student, "/question/thumbs", { questionId: radio.id, vote: "up" })).status).toBe(200);
    await expectKeptEverywhere(before);
  });
});

/** What A and B keep is what they kept before, and what a fresh read of the database gives now (a third handle keeps nothing yet). */
async function expectKeptEverywhere(before: Awaited<ReturnType<typeof keptOf>>) {
  const { quizId } = school;
  const third = await createTestServices({ db: await openHandle(), blobs: a.services.blobs });
  expect(await loadPaperRows(third, quizId)).toEqual(before.paper);
  expect(await keptOf(third, quizId)).toEqual(before);
  expect(await keptOf(a.services, quizId)).toEqual(before);
  expect(await keptOf(b.services, quizId)).toEqual(before);
}

/**
 * The exam-burst school, written straight into the server's database file before the
 * server starts: one business, a teacher, a 50-question password-protected quiz, and the
 * students. The paper is multiple choice, or (`--paper mixed`) mixed: half choice, half the
 * other types (tests/mixed-paper.ts), two of them essays. Every student has the same password and so the same argon2id hash, computed
 * once with the server's pepper (hashing 10,000 times would take minutes and measure
 * nothing; tests/e2e/school.ts shares the demo hash the same way).
 */
import { and, eq } from "drizzle-orm";
import { createLibsqlDb, type Db } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node.ts";
import { createBusiness, createCategoryCourse, createUser } from "../../api/test-support/factories.node.ts";
import { questionOptions, questions, quizQuestions, quizzes, users } from "../../db/schema";
import { hashPassword, installArgon2id } from "../../api/services/auth/password";
import { ANSWER_KEY_SCHEMAS } from "../../api/services/marking/schemas";
import type { KeyedType } from "../../api/services/marking/question-types";
import { MIXED_QUESTIONS, type NewType } from "../../tests/mixed-paper";
import { loadWasmArgon2id } from "../../server/argon2id.node.ts";

export const QUESTIONS = 50;
export const STUDENT_PASSWORD = "Exam-burst-2026!";
export const QUIZ_PASSWORD = "exam-room-7";

/**
 * The random-draw variant of the sitting (issue 27, ADR 0077): a second quiz, alike in every
 * setting, that draws DRAWN_QUESTIONS of the DRAW_POOL multiple-choice questions of its own
 * category for each attempt at its start. The same length as the fixed paper, so the two
 * papers differ only by the draw.
 */
export const DRAW_POOL = 60;
export const DRAWN_QUESTIONS = QUESTIONS;

/** A multiple-choice paper, or a mixed one (half choice, half the other types, two essays). */
export type Paper = "choice" | "mixed";
export const PAPERS: readonly Paper[] = ["choice", "mixed"];

export interface SeededQuestion {
  id: number;
  optionType: "radio" | "checkbox" | NewType;
  /** A type answered without options (its answer is built from the paper's parts: tests/mixed-paper.ts). */
  keyed?: KeyedType;
  correct: number[];
  wrong: number;
  /** Stored option id → its text: the paper shows each attempt its own ids (ADR 0031), matched by text. */
  textOf: Record<number, string>;
}

export interface SeededSchool {
  businessId: number;
  quizId: number;
  questions: SeededQuestion[];
  /** Student e-mails, in id order; the load uses them by index. */
  students: string[];
  /** The random-draw quiz and its category's questions, when asked for. */
  drawn?: { quizId: number; pool: SeededQuestion[] };
}

type Place = { businessId: number; teacherId: number; categoryId: number; courseId: number };

/** One question of the bank, with its options (choice types) or its answer key (the others). */
async function insertQuestion(db: Db, place: Place, { optionType, options, questionText }: ReturnType<typeof questionFor>): Promise<SeededQuestion> {
  const keyed = options.length === 0 ? (optionType as KeyedType) : undefined;
  // The key as the editor stores it: through its type's schema (defaults filled in).
  const answerKey = keyed ? ANSWER_KEY_SCHEMAS[keyed].parse(MIXED_QUESTIONS[keyed].answerKey) : undefined;
  const [question] = await db
    .insert(questions)
    .values({ ...place, questionText, optionType, answerKey })
    .returning({ id: questions.id });
  if (keyed) return { id: question.id, optionType, keyed, correct: [], wrong: 0, textOf: {} };
  const rows = await db
    .insert(questionOptions)
    .values(options.map(([optionText, isCorrect], position) => ({ questionId: question.id, position, optionText, isCorrect })))
    .returning({ id: questionOptions.id, isCorrect: questionOptions.isCorrect, optionText: questionOptions.optionText });
  return {
    id: question.id,
    optionType,
    correct: rows.filter((o) => o.isCorrect).map((o) => o.id),
    wrong: rows.find((o) => !o.isCorrect)!.id,
    textOf: Object.fromEntries(rows.map((o) => [o.id, o.optionText])),
  };
}

/** Every fifth question is a checkbox with two right options; the rest radio with one. */
function choiceFor(index: number): { optionType: "radio" | "checkbox"; options: [string, boolean][] } {
  if (index % 5 === 4) return { optionType: "checkbox", options: [["North", true], ["East", false], ["South", true], ["West", false]] };
  return { optionType: "radio", options: [["Alpha", false], ["Bravo", true], ["Charlie", false], ["Delta", false]] };
}

/** The mixed paper's other half, in turn (the odd places): every type but the essay, which takes places 23 and 49. */
const TURN: readonly Exclude<NewType, "essay">[] = ["trueFalse", "shortAnswer", "numerical", "matching", "ordering", "cloze"];
const ESSAY_PLACES = new Set([23, 49]);

/** Question `index` of a paper: its type and, for choice types, its options. */
function questionFor(paper: Paper, index: number): { optionType: SeededQuestion["optionType"]; options: [string, boolean][]; questionText: string } {
  if (paper === "choice" || index % 2 === 0) return { ...choiceFor(index), questionText: `<p>Exam question ${index + 1}: which way?</p>` };
  const type: NewType = ESSAY_PLACES.has(index) ? "essay" : TURN[((index - 1) / 2) % TURN.length];
  const plan = MIXED_QUESTIONS[type];
  return { optionType: type, options: plan.options.map((option): [string, boolean] => [option.optionText, option.optionStatus]), questionText: plan.questionText };
}

/** `authToken`: a libSQL server's (sqld, Turso), as DATABASE_AUTH_TOKEN gives it to the app. */
export async function seedSchool(databaseUrl: string, pepper: string, studentCount: number, paper: Paper = "choice", options: { drawn?: boolean; authToken?: string } = {}): Promise<SeededSchool> {
  const db = createLibsqlDb({ url: databaseUrl, authToken: options.authToken });
  try {
    await migrateDatabase(db);
    const school = await seed(db, pepper, studentCount, paper);
    return options.drawn ? { ...school, drawn: await seedDrawnQuiz(db, school.businessId) } : school;
  } finally {
    (db as Db & { $client: { close(): void } }).$client.close();
  }
}

async function seed(db: Db, pepper: string, studentCount: number, paper: Paper): Promise<SeededSchool> {
  installArgon2id(await loadWasmArgon2id());
  const passwordHash = await hashPassword(STUDENT_PASSWORD, pepper);
  const business = await createBusiness(db, { name: "Exam Burst High School" });
  const teacher = await createUser(db, { businessId: business.id, userType: "Teacher", passwordHash });
  const { category, course } = await createCategoryCourse(db, { businessId: business.id, category: "Geography", course: "Year 10" });

  const seeded: SeededQuestion[] = [];
  for (let i = 0; i < QUESTIONS; i++) seeded.push(await insertQuestion(db, { businessId: business.id, teacherId: teacher.id, categoryId: category.id, courseId: course.id }, questionFor(paper, i)));

  const [quiz] = await db
    .insert(quizzes)
    .values({ ...examSettings(), businessId: business.id, teacherId: teacher.id, categoryId: category.id, courseId: course.id, quizName: "End-of-term geography exam" })
    .returning({ id: quizzes.id });
  await db.insert(quizQuestions).values(seeded.map((q, position) => ({ quizId: quiz.id, questionId: q.id, position })));

  const students: string[] = [];
  const now = new Date();
  for (let from = 0; from < studentCount; from += 500) {
    const chunk = Array.from({ length: Math.min(500, studentCount - from) }, (_, k) => {
      const n = from + k + 1;
      return {
        businessId: business.id,
        email: `student${n}@burst.school`,
        username: `student${n}`,
        fullname: `Student ${n}`,
        passwordHash,
        userType: "Student" as const,
        profile: 4,
        roleLevel: 4,
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insert(users).values(chunk);
    students.push(...chunk.map((s) => s.email));
  }
  return { businessId: business.id, quizId: quiz.id, questions: seeded, students };
}

/** What both quizzes of the sitting ask, so that they differ only by their papers. */
function examSettings() {
  return {
    quizDescription: "Fifty questions, one sitting",
    level: "Moderate" as const,
    status: "Published" as const,
    totalQuestion: QUESTIONS,
    attemptsAllowed: 1,
    showAnswer: false,
    quizTimeType: "Quiz" as const,
    // Long enough that no attempt reaches its deadline even in the 10,000-student run.
    time: 240,
    password: QUIZ_PASSWORD,
  };
}

/**
 * The drawn quiz, stored as saving it through the API stores it (quiz-queries.ts, ADR 0077):
 * no questions of its own, one draw, and every question of the draw's part a `quiz_questions`
 * row with `in_draws` [0]. Each attempt's paper is drawn at its start.
 */
async function seedDrawnQuiz(db: Db, businessId: number): Promise<{ quizId: number; pool: SeededQuestion[] }> {
  const [teacher] = await db.select({ id: users.id }).from(users).where(and(eq(users.businessId, businessId), eq(users.userType, "Teacher"))).limit(1);
  const { category, course } = await createCategoryCourse(db, { businessId, category: "History", course: "Year 10" });
  const place = { businessId, teacherId: teacher.id, categoryId: category.id, courseId: course.id };
  const pool: SeededQuestion[] = [];
  for (let i = 0; i < DRAW_POOL; i++) pool.push(await insertQuestion(db, place, questionFor("choice", i)));
  const [quiz] = await db
    .insert(quizzes)
    .values({ ...examSettings(), ...place, quizName: "End-of-term history exam (drawn)", totalQuestion: DRAWN_QUESTIONS, draws: [{ category: "History", course: "Year 10", tag: null, count: DRAWN_QUESTIONS }] })
    .returning({ id: quizzes.id });
  await db.insert(quizQuestions).values(pool.map((q, position) => ({ quizId: quiz.id, questionId: q.id, position, inDraws: [0] })));
  return { quizId: quiz.id, pool };
}

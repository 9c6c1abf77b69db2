/**
 * Test helpers: a fresh migrated database per call and factories that build valid rows
 * with sensible defaults, so a test states only what it is about. Node-only (temp files).
 */
import { copyFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "../services/auth/password";
import { createLibsqlDb, type Db } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node.ts";
import { createServerDatabase, databaseServerFromEnv } from "../../db/test-support/sqld-databases.node.ts";
import { migratedTemplate } from "./migrated-template.node.ts";
import {
  OWNER_PROFILE,
  adminSettings,
  businesses,
  categories,
  courses,
  departments,
  profiles,
  questionOptions,
  questions,
  quizAttempts,
  quizQuestions,
  quizzes,
  users,
  type Business,
  type NewQuestion,
  type NewQuiz,
  type NewQuizAttempt,
  type NewUser,
  type QuestionOption,
  type UserType,
} from "../../db/schema";

export const TEST_PASSWORD = "Test-password-1";

// argon2 costs 30–200 ms per hash (WASM or pure JS): hash the one test password once per process. Unpeppered,
// as test services are (api/services/auth/password.test.ts covers the pepper).
let testPasswordHash: Promise<string> | undefined;
export function testPasswordHashOnce(): Promise<string> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD, null);
  return testPasswordHash;
}

const tempFiles: string[] = [];
let cleanupRegistered = false;

/** The libSQL server the run names (the server lane, `npm run test:sqld`), or none: temp files. */
const databaseServer = databaseServerFromEnv();

/**
 * A new, migrated database in a temp file. A file rather than `:memory:` because it
 * behaves like production (several pooled connections, WAL); `:memory:` also works
 * (pass it as url) but allows only one connection, so an open transaction blocks others.
 * In the server lane it is a new database on that server instead, migrated over HTTP with
 * the auth token, as a server starting on Turso migrates (docs/decisions/0086).
 */
export async function createTestDb(opts: { url?: string; busyTimeoutMs?: number } = {}): Promise<Db> {
  let url = opts.url;
  if (!url && databaseServer) {
    const db = createLibsqlDb({ url: await createServerDatabase(databaseServer), authToken: databaseServer.authToken });
    await migrateDatabase(db);
    return db;
  }
  if (!url) {
    const file = path.join(tmpdir(), `quiz-test-${process.pid}-${Date.now()}-${seq()}.db`);
    tempFiles.push(file, `${file}-wal`, `${file}-shm`);
    if (!cleanupRegistered) {
      cleanupRegistered = true;
      process.once("exit", () => tempFiles.forEach((f) => rmSync(f, { force: true })));
    }
    // A copy of the migrated template: the migrations below then find nothing to do.
    copyFileSync(await migratedTemplate(), file);
    url = `file:${file}`;
  }
  const db = createLibsqlDb({ url, busyTimeoutMs: opts.busyTimeoutMs });
  await migrateDatabase(db);
  return db;
}

let counter = 0;
const seq = () => ++counter;

/** A business as create-owner makes it: the four standard profiles and default settings. */
export async function createBusiness(db: Db, overrides: { name?: string } = {}): Promise<Business> {
  const [business] = await db
    .insert(businesses)
    .values({ name: overrides.name ?? `Business ${seq()}` })
    .returning();
  await db.batch([
    db.insert(profiles).values(
      (["Staff", "Owner", "Teacher", "Student"] as const).map((name, i) => ({
        businessId: business.id,
        code: i + 1,
        name,
      })),
    ),
    db.insert(adminSettings).values({ businessId: business.id }),
  ]);
  return business;
}

export async function createDepartment(db: Db, input: { businessId: number; name?: string }) {
  const [row] = await db
    .insert(departments)
    .values({ businessId: input.businessId, name: input.name ?? `Department ${seq()}` })
    .returning();
  return row;
}

const PROFILE_BY_TYPE: Record<UserType, number> = { Admin: OWNER_PROFILE, Teacher: 3, Student: 4 };

/** A user who can sign in with TEST_PASSWORD. Admins default to the owner profile (2). */
export async function createUser(
  db: Db,
  input: { businessId: number; userType: UserType } & Partial<NewUser>,
) {
  const n = seq();
  const [user] = await db
    .insert(users)
    .values({
      email: `${input.userType.toLowerCase()}${n}@test.quiz`,
      username: `${input.userType.toLowerCase()}${n}`,
      fullname: `${input.userType} ${n}`,
      profile: PROFILE_BY_TYPE[input.userType],
      roleLevel: input.userType === "Admin" ? 0 : 4,
      passwordHash: await testPasswordHashOnce(),
      emailVerified: true,
      ...input,
    })
    .returning();
  return user;
}

export async function createCategoryCourse(
  db: Db,
  input: { businessId: number; category?: string; course?: string },
) {
  const [category] = await db
    .insert(categories)
    .values({ businessId: input.businessId, name: input.category ?? `Category ${seq()}` })
    .returning();
  const [course] = await db
    .insert(courses)
    .values({ businessId: input.businessId, categoryId: category.id, name: input.course ?? `Course ${seq()}` })
    .returning();
  return { category, course };
}

/** The category and course a question is given, or a new pair in its business. */
async function placeOf(db: Db, input: { businessId: number; categoryId?: number; courseId?: number }): Promise<{ categoryId: number; courseId: number }> {
  if (input.categoryId && input.courseId) return { categoryId: input.categoryId, courseId: input.courseId };
  const created = await createCategoryCourse(db, { businessId: input.businessId });
  return { categoryId: created.category.id, courseId: created.course.id };
}

/** A question with options; by default radio with 4 options, the second one correct. */
export async function createQuestion(
  db: Db,
  input: { businessId: number; teacherId: number; options?: [string, boolean][] } & Partial<NewQuestion>,
) {
  const { options: optionSpec, ...fields } = input;
  const { categoryId, courseId } = await placeOf(db, input);
  const [question] = await db
    .insert(questions)
    .values({ questionText: `Question ${seq()}?`, optionType: "radio", ...fields, categoryId, courseId })
    .returning();
  const spec = optionSpec ?? [["A", false], ["B", true], ["C", false], ["D", false]];
  const options = await db
    .insert(questionOptions)
    .values(spec.map(([optionText, isCorrect], position) => ({ questionId: question.id, position, optionText, isCorrect })))
    .returning();
  return { question, options: options.sort((a, b) => a.position - b.position) };
}

/**
 * A published quiz. Without questionIds it creates `questionCount` (default 2) questions
 * in a new category and course.
 */
export async function createQuiz(
  db: Db,
  input: { businessId: number; teacherId: number; questionIds?: number[]; questionCount?: number } & Partial<NewQuiz>,
) {
  const { questionIds: given, questionCount = 2, ...fields } = input;
  let questionIds = given;
  let { categoryId, courseId } = input;
  if (!categoryId || !courseId) {
    const created = await createCategoryCourse(db, { businessId: input.businessId });
    categoryId = created.category.id;
    courseId = created.course.id;
  }
  if (!questionIds) {
    questionIds = [];
    for (let i = 0; i < questionCount; i++) {
      const { question } = await createQuestion(db, { businessId: input.businessId, teacherId: input.teacherId, categoryId, courseId });
      questionIds.push(question.id);
    }
  }
  const [quiz] = await db
    .insert(quizzes)
    .values({
      quizName: `Quiz ${seq()}`,
      quizDescription: "A quiz made by a test factory",
      level: "Easy",
      status: "Published",
      totalQuestion: questionIds.length,
      attemptsAllowed: 3,
      time: 10,
      ...fields,
      categoryId,
      courseId,
    })
    .returning();
  if (questionIds.length > 0) {
    await db.insert(quizQuestions).values(questionIds.map((questionId, position) => ({ quizId: quiz.id, questionId, position })));
  }
  return { quiz, questionIds };
}

/** An attempt row as startQuiz would create it (not submitted unless overridden). */
export async function createAttempt(
  db: Db,
  input: { businessId: number; quizId: number; studentId: number } & Partial<NewQuizAttempt>,
) {
  const [attempt] = await db
    .insert(quizAttempts)
    .values({ attemptNumber: 1, startedAt: new Date(), ...input })
    .returning();
  return attempt;
}

/** One business with an owner (Admin, profile 2), a teacher and a student: tenancy tests. */
export async function createTenant(db: Db, name?: string) {
  const business = await createBusiness(db, { name });
  const owner = await createUser(db, { businessId: business.id, userType: "Admin" });
  const teacher = await createUser(db, { businessId: business.id, userType: "Teacher" });
  const student = await createUser(db, { businessId: business.id, userType: "Student" });
  return { business, owner, teacher, student };
}

/**
 * A question of any type (issue 26), inserted as authoring will store it: `answerKey` for the
 * types without options (as given: a test states the key it is about), options for the
 * choice types (trueFalse: True and False, `options` saying which is right), and its default
 * mark. Until the authoring side widens `optionType`, its type is cast here.
 */
export async function createTypedQuestion(
  db: Db,
  input: { businessId: number; teacherId: number; optionType: string; answerKey?: unknown; defaultMark?: number; options?: [string, boolean][] } & Partial<Omit<NewQuestion, "optionType" | "answerKey">>,
) {
  const { optionType, answerKey, defaultMark = 1, options, ...fields } = input;
  const fieldsOf = { ...fields, optionType: optionType as NewQuestion["optionType"], defaultMarkHundredths: Math.round(defaultMark * 100) };
  if (optionType === "radio" || optionType === "checkbox" || optionType === "trueFalse") {
    return createQuestion(db, { ...fieldsOf, options: options ?? [["True", true], ["False", false]] });
  }
  const { categoryId, courseId } = await placeOf(db, input);
  const [question] = await db
    .insert(questions)
    .values({ questionText: `Question ${seq()}?`, ...fieldsOf, answerKey, categoryId, courseId })
    .returning();
  return { question, options: [] as QuestionOption[] };
}

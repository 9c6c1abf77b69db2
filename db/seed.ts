import type { Db } from "./client";
import { chunkRows, rowsPerStatement } from "./statement-limits";
import { sha256Hex } from "./hash";
import {
  adminSettings,
  apiKeyPairs,
  businesses,
  categories,
  courses,
  departments,
  modules,
  profiles,
  questionOptions,
  questions,
  quizQuestions,
  quizzes,
  users,
} from "./schema";
import { DEMO_CATEGORIES, DEMO_QUESTIONS, DEMO_QUIZZES } from "./seed-content";

/**
 * Demo data for a first local start: one school, an owner, a teacher, two students, a small
 * question bank and three quizzes. Web-standard code only, so a local Worker can seed too.
 */

/** 180 days, as config keyPairTtlDays defaults to. */
const DEMO_KEY_PAIR_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

export const DEMO_PASSWORD = "Demo1234!";

export const DEMO_KEY_PAIR = {
  publicKey: "demo-student-public",
  privateKey: "demo-student-private-key-0001",
  moduleId: "quiz",
} as const;

export interface DemoLogins {
  users: { role: "Owner" | "Teacher" | "Student"; fullname: string; email: string; password: string }[];
  keyPair: { publicKey: string; privateKey: string; moduleId: string };
}

/** Seeding must never touch a real deployment: only embedded files and memory pass. */
export function assertLocalDatabaseUrl(url: string): void {
  if (!(url.startsWith("file:") || url === ":memory:")) {
    throw new Error(`Refusing to seed demo data into a non-local database (${url.split("?")[0]})`);
  }
}

const REMOTE_PROTOCOLS = new Set(["libsql", "http", "https", "ws", "wss"]);

const DEMO_USERS = [
  { role: "Owner", email: "owner@demo.quiz", username: "owner", fullname: "Olivia Owner", userType: "Admin", profile: 2, roleLevel: 0, department: "Mathematics" },
  { role: "Teacher", email: "teacher@demo.quiz", username: "teacher", fullname: "Theo Teacher", userType: "Teacher", profile: 3, roleLevel: 4, department: "Mathematics" },
  { role: "Student", email: "student@demo.quiz", username: "student", fullname: "Sam Student", userType: "Student", profile: 4, roleLevel: 8, department: "Science" },
  // Role level 4 (= the default maximum for teachers) lets her switch to Teacher.
  { role: "Student", email: "student2@demo.quiz", username: "student2", fullname: "Stella Student", userType: "Student", profile: 4, roleLevel: 4, department: "Languages" },
] as const;

/**
 * Seeds the demo data set unless any business exists (then returns null). A handful of
 * batched round-trips: each step needs the ids the previous one generated.
 */
export async function seedDemo(
  db: Db,
  opts: { hashPassword: (password: string) => Promise<string> },
): Promise<DemoLogins | null> {
  // Belt and braces next to assertLocalDatabaseUrl: never seed over a remote libSQL link.
  const protocol = (db as Db & { $client?: { protocol?: string } }).$client?.protocol;
  if (protocol && REMOTE_PROTOCOLS.has(protocol)) {
    throw new Error("Refusing to seed demo data into a remote database");
  }
  const existing = await db.select({ id: businesses.id }).from(businesses).limit(1);
  if (existing.length > 0) return null;

  // One hash for all four: argon2 is slow on purpose and the demo password is public anyway.
  const passwordHash = await opts.hashPassword(DEMO_PASSWORD);
  const [business] = await db.insert(businesses).values({ name: "Demo School" }).returning();
  const businessId = business.id;

  const [departmentRows, , , , categoryRows] = await db.batch([
    db
      .insert(departments)
      .values(["Mathematics", "Science", "Languages"].map((name) => ({ businessId, name })))
      .returning({ id: departments.id, name: departments.name }),
    db.insert(profiles).values(
      [
        [1, "Staff"],
        [2, "Owner"],
        [3, "Teacher"],
        [4, "Student"],
      ].map(([code, name]) => ({ businessId, code: code as number, name: name as string })),
    ),
    db.insert(adminSettings).values({ businessId, maximumRoleLevelForTeacher: 4 }),
    db.insert(modules).values({
      businessId,
      moduleId: DEMO_KEY_PAIR.moduleId,
      name: "Quiz",
      identifier: "quiz",
      // Read back as APP_URL, whatever is stored here (list-modules.ts, docs/decisions/0049).
      url: "http://localhost:3000",
    }),
    db
      .insert(categories)
      .values(Object.keys(DEMO_CATEGORIES).map((name) => ({ businessId, name })))
      .returning({ id: categories.id, name: categories.name }),
  ]);
  const departmentId = byName(departmentRows);
  const categoryId = byName(categoryRows);

  const [userRows, courseRows] = await db.batch([
    db
      .insert(users)
      .values(
        DEMO_USERS.map(({ role: _role, department, ...user }) => ({
          ...user,
          businessId,
          departmentId: departmentId(department),
          passwordHash,
          emailVerified: true,
        })),
      )
      .returning({ id: users.id, email: users.email }),
    db
      .insert(courses)
      .values(
        Object.entries(DEMO_CATEGORIES).flatMap(([category, names]) =>
          names.map((name) => ({ businessId, categoryId: categoryId(category), name })),
        ),
      )
      .returning({ id: courses.id, name: courses.name }),
  ]);
  const userId = (email: string) => userRows.find((u) => u.email === email)!.id;
  const courseId = byName(courseRows);
  const teacherId = userId("teacher@demo.quiz");

  const questionValues = DEMO_QUESTIONS.map((q) => ({
    businessId,
    teacherId,
    categoryId: categoryId(q.category),
    courseId: courseId(q.course),
    questionText: q.text,
    optionType: q.optionType,
    answerExplanation: q.explanation,
  }));
  const questionChunks = chunkRows(questionValues, rowsPerStatement(questions)).map((rows) =>
    db.insert(questions).values(rows).returning({ id: questions.id, text: questions.questionText }),
  );
  const [, ...questionResults] = await db.batch([
    db.insert(apiKeyPairs).values({
      businessId,
      userId: userId("student@demo.quiz"),
      publicKey: DEMO_KEY_PAIR.publicKey,
      privateKeyHash: await sha256Hex(DEMO_KEY_PAIR.privateKey),
      // Demo data is for trying the product out, so the demo key lives as long as the default.
      expiresAt: new Date(Date.now() + DEMO_KEY_PAIR_LIFETIME_MS),
    }),
    ...questionChunks,
  ]);
  const questionRows = questionResults.flat() as { id: number; text: string }[];
  // RETURNING order is not guaranteed by SQLite, so match rows back by their text.
  const questionId = (index: number) => questionRows.find((r) => r.text === DEMO_QUESTIONS[index].text)!.id;

  const optionValues = DEMO_QUESTIONS.flatMap((q, index) =>
    q.options.map(([optionText, isCorrect], position) => ({
      questionId: questionId(index),
      position,
      optionText,
      isCorrect,
    })),
  );
  const [quizRows] = await db.batch([
    db
      .insert(quizzes)
      .values(
        DEMO_QUIZZES.map((quiz) => ({
          businessId,
          teacherId,
          quizName: quiz.name,
          quizDescription: quiz.description,
          categoryId: categoryId(quiz.category),
          courseId: courseId(quiz.course),
          level: quiz.level,
          status: quiz.status,
          totalQuestion: quiz.questionIndexes.length,
          time: quiz.time,
          attemptsAllowed: quiz.attemptsAllowed,
          negativeMarking: quiz.negativeMarking,
          consecutiveWrongAnswersForNegativeMarking: quiz.consecutiveWrong,
          takeBestScore: quiz.takeBestScore,
          allowSkip: quiz.allowSkip,
        })),
      )
      .returning({ id: quizzes.id, name: quizzes.quizName }),
    ...chunkRows(optionValues, rowsPerStatement(questionOptions)).map((rows) => db.insert(questionOptions).values(rows)),
  ]);
  const quizId = byName(quizRows);

  await db.insert(quizQuestions).values(
    DEMO_QUIZZES.flatMap((quiz) =>
      quiz.questionIndexes.map((index, position) => ({
        quizId: quizId(quiz.name),
        questionId: questionId(index),
        position,
      })),
    ),
  );

  return {
    users: DEMO_USERS.map(({ role, fullname, email }) => ({ role, fullname, email, password: DEMO_PASSWORD })),
    keyPair: { ...DEMO_KEY_PAIR },
  };
}

function byName(rows: { id: number; name: string }[]) {
  return (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`seed: no row named ${name}`);
    return row.id;
  };
}

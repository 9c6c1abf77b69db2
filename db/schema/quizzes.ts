import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
} from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { categories, courses } from "./categories";
import { bool, createdAt, id, updatedAt } from "./columns";
import { questions } from "./questions";
import { users } from "./users";

export const QUIZ_TYPES = ["questions", "quizzes"] as const;
export const QUIZ_LEVELS = ["Easy", "Moderate", "Hard"] as const;
export const QUIZ_STATUSES = ["Draft", "Published", "DateRange"] as const;
export const QUIZ_TIME_TYPES = ["Quiz", "Question"] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];
/**
 * When a quiz shows right answers (ADR 0030): the API's `showAnswerTiming`. "Never" is
 * showAnswer No; the column keeps which of the other three kinds a showAnswer Yes means.
 */
export const SHOW_ANSWER_TIMINGS = ["AfterEachAttempt", "AfterLastAttempt", "AfterQuizCloses", "Never"] as const;
export type ShowAnswerTiming = (typeof SHOW_ANSWER_TIMINGS)[number];
export const SHOWN_ANSWER_TIMINGS = ["AfterEachAttempt", "AfterLastAttempt", "AfterQuizCloses"] as const;

/** `time` value meaning "no limit, count up" (spec 4). */
export const NO_TIME_LIMIT = -1;

/**
 * A quiz. Yes/No flags of the spec are booleans here; the API maps them at its boundary.
 * `profiles` holds profile codes (users.profile) and `departments` department ids; an
 * empty list means "visible to everyone".
 */
export const quizzes = sqliteTable(
  "quizzes",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => users.id),
    quizType: text("quiz_type", { enum: QUIZ_TYPES }).notNull().default("questions"),
    quizName: text("quiz_name").notNull(),
    quizDescription: text("quiz_description").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id),
    level: text("level", { enum: QUIZ_LEVELS }).notNull(),
    totalQuestion: integer("total_question").notNull(),
    isPremium: bool("is_premium").notNull().default(false),
    status: text("status", { enum: QUIZ_STATUSES }).notNull().default("Draft"),
    /** Epoch seconds, as the spec stores them; used when status is DateRange. */
    startTimestamp: integer("start_timestamp"),
    endTimestamp: integer("end_timestamp"),
    allowSkip: bool("allow_skip").notNull().default(false),
    takeBestScore: bool("take_best_score").notNull().default(false),
    showAnswer: bool("show_answer").notNull().default(true),
    /** Which kind of "Yes" showAnswer is (ADR 0030); kept "AfterEachAttempt" while showAnswer is No. */
    showAnswerTiming: text("show_answer_timing", { enum: SHOWN_ANSWER_TIMINGS }).notNull().default("AfterEachAttempt"),
    negativeMarking: bool("negative_marking").notNull().default(false),
    attemptsAllowed: integer("attempts_allowed").notNull().default(1),
    quizTimeType: text("quiz_time_type", { enum: QUIZ_TIME_TYPES }).notNull().default("Quiz"),
    /** Minutes; -1 = no limit. Per question when quizTimeType is "Question". */
    time: integer("time").notNull().default(1),
    consecutiveWrongAnswersForNegativeMarking: integer("consecutive_wrong_answers_for_negative_marking")
      .notNull()
      .default(0),
    /** Empty = not protected. Compared as typed by the teacher (spec: shared exam password). */
    password: text("password").notNull().default(""),
    profiles: text("profiles", { mode: "json" }).$type<number[]>().notNull().default([]),
    departments: text("departments", { mode: "json" }).$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** decisions.md "Papers": questions drawn per attempt from parts of the bank, as the teacher named them (ADR 0077). */
    draws: text("draws", { mode: "json" }).$type<QuizDraw[]>().notNull().default([]),
    /** Each attempt's paper in its own order (ADR 0077). */
    shuffleQuestions: bool("shuffle_questions").notNull().default(false),
    /**
     * Issue 27 point 4 (ADR 0076): the percentage at or above which a result passes; null = no
     * pass mark. 0-100 is checked by the API, not by a CHECK: adding one would rebuild the table.
     */
    passPercentage: real("pass_percentage"),
  },
  (t) => [
    index("quizzes_business_name_idx").on(t.businessId, t.quizName),
    index("quizzes_business_teacher_idx").on(t.businessId, t.teacherId),
    index("quizzes_business_category_course_idx").on(t.businessId, t.categoryId, t.courseId),
    // The attempt sweep (close-expired.ts) looks every minute for DateRange quizzes that
    // ended lately (ADR 0031): this holds only those, by end, so it reads a handful of rows.
    index("quizzes_date_range_end_idx").on(t.endTimestamp).where(sql`status = 'DateRange'`),
    check("quizzes_date_range_ck", sql`${t.startTimestamp} is null or ${t.endTimestamp} is null or ${t.startTimestamp} <= ${t.endTimestamp}`),
    check("quizzes_time_ck", sql`${t.time} = -1 or ${t.time} > 0`),
    check("quizzes_attempts_ck", sql`${t.attemptsAllowed} >= 1`),
  ],
);

/**
 * The questions of a quiz, in order. Deleting a question that a quiz uses is refused by
 * the foreign key (no cascade): a quiz must not silently lose questions.
 */
export const quizQuestions = sqliteTable(
  "quiz_questions",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    position: integer("position").notNull(),
    /**
     * Null for a question every attempt gets; for a question of a draw's part of the bank, the
     * indexes of the draws it may be drawn by (ADR 0077: the parts are kept with the quiz when
     * it is saved, so a taken quiz's possible questions are fixed like its others).
     */
    inDraws: text("in_draws", { mode: "json" }).$type<number[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.questionId] }),
    // "used in quizzes" flag and the delete check look questions up from this side.
    index("quiz_questions_question_idx").on(t.questionId),
  ],
);

/** Quizzes built from other quizzes (quizType "quizzes") remember their sources. */
export const quizSources = sqliteTable(
  "quiz_sources",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    sourceQuizId: integer("source_quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.sourceQuizId] }),
    index("quiz_sources_source_idx").on(t.sourceQuizId),
    check("quiz_sources_not_self_ck", sql`${t.quizId} <> ${t.sourceQuizId}`),
  ],
);

/** A draw as stored: the part of the bank by names (course and tag optional) and how many questions each attempt gets from it. */
export interface QuizDraw {
  category: string;
  course: string | null;
  tag: string | null;
  count: number;
}

export type Quiz = typeof quizzes.$inferSelect;
export type NewQuiz = typeof quizzes.$inferInsert;
export type QuizQuestion = typeof quizQuestions.$inferSelect;

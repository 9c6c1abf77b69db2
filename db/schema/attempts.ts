import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  unique,
} from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { bool, id, timestamp } from "./columns";
import { questions } from "./questions";
import { quizzes } from "./quizzes";
import { users } from "./users";

export const EXAM_MODES = ["all", "onebyone"] as const;
export const RESULT_STATUSES = ["Pending", "Accepted", "Rejected"] as const;
export const ANSWER_STATUSES = ["empty", "yes", "no", "not", "partial", "pending"] as const;
/** decisions.md: an attempt with an essay no person has marked yet `NeedsGrading`, else `Graded`. */
export const GRADING_STATUSES = ["Graded", "NeedsGrading"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];

/**
 * One attempt at a quiz (the spec's "taken quiz"). The row is created by startQuiz, so the
 * server owns the start time and deadline; `submittedAt` is set exactly once when graded.
 * The foreign key to the quiz has no cascade: a quiz with attempts cannot be deleted.
 */
export const quizAttempts = sqliteTable(
  "quiz_attempts",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id),
    /** 1, 2, 3…: the unique key below turns a double "start" into a conflict, not two attempts. */
    attemptNumber: integer("attempt_number").notNull(),
    examMode: text("exam_mode", { enum: EXAM_MODES }).notNull().default("all"),
    startedAt: timestamp("started_at").notNull(),
    /** Null when the quiz has no overall time limit. */
    deadlineAt: timestamp("deadline_at"),
    submittedAt: timestamp("submitted_at"),
    correctAnswered: integer("correct_answered").notNull().default(0),
    negativePoints: integer("negative_points").notNull().default(0),
    percentage: real("percentage").notNull().default(0),
    /** Seconds. */
    timeTaken: integer("time_taken").notNull().default(0),
    status: text("status", { enum: RESULT_STATUSES }).notNull().default("Pending"),
    rating: integer("rating").notNull().default(0),
    /**
     * Bumped by every save of answers, in the same transaction. Grading reads the answers
     * with this number and closes the attempt only if it is unchanged, so an answer the
     * server acknowledged is never left out of the grade (no interactive transactions on
     * D1 and Turso: this compare-and-set stands in for one).
     */
    answersVersion: integer("answers_version").notNull().default(0),
    /** `NeedsGrading` while an essay of the attempt waits for a person (its percentage is provisional). */
    gradingStatus: text("grading_status", { enum: GRADING_STATUSES }).notNull().default("Graded"),
    /** Marks earned, in 10⁻⁷ of a mark (api/services/marking/quiz-score.ts), and the paper's total in hundredths; null for attempts graded before marks. */
    scoreE7: integer("score_e7"),
    totalMarkHundredths: integer("total_mark_hundredths"),
    /** When the student last opened this result (epoch ms): a person's mark after it is news to them (the in-app notice, ADR 0071). */
    resultSeenAt: timestamp("result_seen_at"),
    /**
     * The attempt's paper: its question ids in the order it shows them, fixed when it starts
     * (ADR 0077: drawn questions, a shuffled order); null for the quiz's own questions in quiz order.
     */
    paper: text("paper", { mode: "json" }).$type<number[]>(),
    /**
     * The student's own close (epoch ms) when their classes or an override give them another end
     * than the quiz's (ADR 0079), decided at start; it stands for the quiz's end in the deadline
     * rules (attempts/deadline.ts). Null: the quiz's end, as the quiz says now (ADR 0031).
     */
    endsAt: timestamp("ends_at"),
  },
  (t) => [
    unique("quiz_attempts_quiz_student_number_uq").on(t.quizId, t.studentId, t.attemptNumber),
    index("quiz_attempts_business_percentage_idx").on(t.businessId, t.percentage),
    // (business, quiz) serves the stats and the quiz counts; student and attempt number after
    // them let the leader board group one business's attempts by (quiz, student) in index
    // order, without a sort and without reading other businesses' attempts (ADR 0041).
    index("quiz_attempts_business_quiz_idx").on(t.businessId, t.quizId, t.studentId, t.attemptNumber),
    index("quiz_attempts_student_idx").on(t.studentId),
    // The abandoned-attempt sweep (api/services/attempts/close-expired.ts) runs every minute:
    // a partial index holds only open, timed attempts, so each run reads a handful of rows
    // instead of every attempt ever made (on D1, rows read are billed).
    index("quiz_attempts_open_deadline_idx").on(t.deadlineAt).where(sql`submitted_at is null and deadline_at is not null`),
    check("quiz_attempts_rating_ck", sql`${t.rating} between 0 and 5`),
    check("quiz_attempts_attempt_number_ck", sql`${t.attemptNumber} >= 1`),
  ],
);

/**
 * The student's answer to one question of an attempt, saved as they go (autosave), so a
 * closed tab loses nothing. Upsert on (attemptId, questionId).
 */
export const attemptAnswers = sqliteTable(
  "attempt_answers",
  {
    id: id(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => quizAttempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    /** The question's place in the quiz order (negative marking counts runs in this order). */
    position: integer("position").notNull(),
    selectedOptionIds: text("selected_option_ids", { mode: "json" })
      .$type<number[]>()
      .notNull()
      .default([]),
    /** The answer of the types without options (decisions.md "Answers": `{ text }`, `{ value, unit? }`, `{ pairs }`, `{ order }`, `{ gaps }`, `{ html }`); null for choice types. */
    answer: text("answer", { mode: "json" }).$type<unknown>(),
    answerStatus: text("answer_status", { enum: ANSWER_STATUSES }).notNull().default("empty"),
    /** The fraction (0–1) of the question's mark earned, in 10⁻⁷ (ADR 0065); null until marked. */
    fractionE7: integer("fraction_e7"),
    /** A person's mark (manual grading, or an override of the automatic one): who, when, why. */
    gradedBy: integer("graded_by").references(() => users.id),
    gradedAt: timestamp("graded_at"),
    graderComment: text("grader_comment"),
    /** The rubric levels a grader chose: `[{ criterion, level }]` by position. */
    rubricLevels: text("rubric_levels", { mode: "json" }).$type<{ criterion: number; level: number }[]>(),
    /** Null until graded (or checked, in one-by-one mode). */
    isCorrect: bool("is_correct"),
    savedAt: timestamp("saved_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    unique("attempt_answers_attempt_question_uq").on(t.attemptId, t.questionId),
    // Item analysis (ADR 0042, 0072) groups a quiz's answers per question, distinct choice answer
    // and fraction: covering, in that order, it reads each question's answers from the index alone
    // and already grouped (no sort). No answer_status (ADR 0093): the close writes statuses, and a
    // status in the key made each closed attempt move one entry per typed answer, each in another
    // question's part of the index; the fraction is written by the autosave, so the close moves none.
    index("attempt_answers_item_analysis_idx").on(t.questionId, t.selectedOptionIds, t.fractionE7, t.attemptId),
  ],
);

/** A student's 1–5 star rating of a quiz; rating again replaces it. */
export const quizRatings = sqliteTable(
  "quiz_ratings",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    updatedAt: timestamp("updated_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.studentId] }),
    check("quiz_ratings_rating_ck", sql`${t.rating} between 1 and 5`),
  ],
);

export type QuizAttempt = typeof quizAttempts.$inferSelect;
export type NewQuizAttempt = typeof quizAttempts.$inferInsert;
export type AttemptAnswer = typeof attemptAnswers.$inferSelect;

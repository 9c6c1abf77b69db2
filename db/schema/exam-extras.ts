import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { createdAt, timestamp } from "./columns";
import { quizAttempts } from "./attempts";
import { questions } from "./questions";
import { quizzes } from "./quizzes";
import { users } from "./users";

/**
 * A student's thumbs up (1) or down (-1) on a question, one vote each. The question's
 * thumbsUpCount/thumbsDownCount are kept in step in the same batch, so the bank can sort
 * on them without counting votes.
 */
export const questionVotes = sqliteTable(
  "question_votes",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vote: integer("vote").notNull(),
    votedAt: timestamp("voted_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.studentId] }), check("question_votes_vote_ck", sql`${t.vote} in (-1, 1)`)],
);

/**
 * Extra time a teacher or the owner gave one student on one quiz (decisions.md "Extra
 * time"): startQuiz multiplies the quiz's and each question's time by `factor`.
 * Setting the factor back to 1 deletes the row.
 */
export const quizExtraTime = sqliteTable(
  "quiz_extra_time",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    factor: real("factor").notNull(),
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.studentId] }), check("quiz_extra_time_factor_ck", sql`${t.factor} > 1 and ${t.factor} <= 3`)],
);

/** What a certificate certifies (ADR 0076): a passed result, or that the quiz was completed. */
export const CERTIFICATE_KINDS = ["Completion", "Achievement"] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

/**
 * The certificate of one finished attempt (decisions.md "Certificates"). `code` is the
 * unguessable part of the public verification URL /quiz/verify/{code} (≥128 random bits);
 * the row is made the first time the certificate is downloaded, and the same code is
 * given every time after. It keeps what it attests as it was when issued (the student's and
 * the quiz's names, the percentage, the completion date, the school), so renaming any of
 * them later changes no certificate (docs/decisions/0033).
 */
export const certificates = sqliteTable(
  "certificates",
  {
    code: text("code").primaryKey(),
    attemptId: integer("attempt_id")
      .notNull()
      .unique()
      .references(() => quizAttempts.id, { onDelete: "cascade" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    issuedAt: timestamp("issued_at")
      .notNull()
      .$defaultFn(() => new Date()),
    studentName: text("student_name").notNull(),
    quizName: text("quiz_name").notNull(),
    percentage: real("percentage").notNull(),
    completedAt: timestamp("completed_at").notNull(),
    issuer: text("issuer").notNull(),
    /** What it certifies (ADR 0076): Achievement when the result reached the quiz's pass mark, else Completion. */
    kind: text("kind", { enum: CERTIFICATE_KINDS }).notNull().default("Completion"),
  },
  (t) => [index("certificates_business_idx").on(t.businessId)],
);

export type QuestionVote = typeof questionVotes.$inferSelect;
export type QuizExtraTime = typeof quizExtraTime.$inferSelect;
export type Certificate = typeof certificates.$inferSelect;

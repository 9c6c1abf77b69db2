import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { createdAt, id } from "./columns";
import { questions } from "./questions";
import { RESULT_STATUSES } from "./attempts";
import { users } from "./users";

/** A student's remark on a question, read by teachers (spec: Feedback). */
export const questionFeedback = sqliteTable(
  "question_feedback",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feedbackText: text("feedback_text").notNull(),
    status: text("status", { enum: RESULT_STATUSES }).notNull().default("Pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("question_feedback_business_created_idx").on(t.businessId, t.createdAt),
    index("question_feedback_question_idx").on(t.questionId),
  ],
);

export type QuestionFeedback = typeof questionFeedback.$inferSelect;

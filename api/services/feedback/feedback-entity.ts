import { eq } from "drizzle-orm";
import { questionFeedback, questions, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { FEEDBACK_TRANSITIONS, type FeedbackStatus } from "./schemas";

/** A feedback at the API boundary (spec 3 "Feedback": the spec's names plus status, date and the next statuses). */
export interface FeedbackEntity {
  id: number;
  feedbackId: number;
  questionId: number;
  feedbackText: string;
  studentName: string;
  studentEmail: string;
  questionText: string;
  status: FeedbackStatus;
  createdAt: number;
  transitions: FeedbackStatus[];
}

export const feedbackColumns = {
  id: questionFeedback.id,
  questionId: questionFeedback.questionId,
  feedbackText: questionFeedback.feedbackText,
  status: questionFeedback.status,
  createdAt: questionFeedback.createdAt,
  studentName: users.fullname,
  studentEmail: users.email,
  questionText: questions.questionText,
  questionTeacherId: questions.teacherId,
};

/** `select(feedbackColumns)` with the joins they need: the student who wrote it, the question it is about. */
export function selectFeedback(services: AppServices) {
  return services.db
    .select(feedbackColumns)
    .from(questionFeedback)
    .innerJoin(users, eq(users.id, questionFeedback.studentId))
    .innerJoin(questions, eq(questions.id, questionFeedback.questionId));
}

export type FeedbackRow = Awaited<ReturnType<ReturnType<typeof selectFeedback>["execute"]>>[number];

export function toFeedbackEntity(row: FeedbackRow): FeedbackEntity {
  return {
    id: row.id,
    feedbackId: row.id,
    questionId: row.questionId,
    feedbackText: row.feedbackText,
    studentName: row.studentName,
    studentEmail: row.studentEmail,
    questionText: row.questionText,
    status: row.status,
    createdAt: row.createdAt.getTime(),
    transitions: [...FEEDBACK_TRANSITIONS[row.status]],
  };
}

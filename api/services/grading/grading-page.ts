import { and, asc, count, eq } from "drizzle-orm";
import { attemptAnswers, questions, quizAttempts, quizQuestions, quizzes, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertMayGradeQuiz } from "../core/permissions";
import { EssayKey } from "../marking/essay";
import { withMaths } from "../maths/render-tex";
import { loadQuiz } from "../quizzes/quiz-queries";
import { waitingForGrader } from "./waiting";
import { fetchTakenQuizResult } from "../results/read-result";

export interface RubricShape {
  criterion: string;
  levels: { label: string; points: number }[];
}

/** What a grader reads beside each answer of one essay question (the key's author-only parts). */
export interface EssayToGrade {
  id: number;
  questionText: string;
  questionTextHtml?: string;
  maxMark: number;
  /** Its answers waiting for a grader. */
  waiting: number;
  /** Sanitised HTML the author wrote for graders ("" when none). */
  graderInfo: string;
  rubric?: RubricShape[];
}

/** An id from a page's address: a positive whole number, else the same 404 as an id that does not exist. */
export function idFromAddress(value: unknown, what: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFound(what);
  return id;
}

/**
 * The grading page's frame (ADR 0070): the quiz of the caller's business (another business's
 * is 404) that the caller may grade (permissions.ts mayGradeQuiz, as the queue and the grade
 * ask), with its essay questions in quiz order, each with its mark, its information for graders,
 * its rubric and how many of its answers wait. Authors' data only: never reaches a student.
 */
export async function quizToGrade(services: AppServices, caller: Caller, rawQuizId: unknown): Promise<{ quiz: { id: number; quizName: string }; essays: EssayToGrade[] }> {
  const quizId = idFromAddress(rawQuizId, "quiz");
  const { row } = await loadQuiz(services, caller, quizId);
  assertMayGradeQuiz(caller, row);
  const db = services.db;
  const [rows, waitingRows] = await db.batch([
    db
      .select({ id: questions.id, questionText: questions.questionText, questionHtml: questions.questionHtml, mark: questions.defaultMarkHundredths, answerKey: questions.answerKey })
      .from(quizQuestions)
      .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
      .where(and(eq(quizQuestions.quizId, quizId), eq(questions.optionType, "essay")))
      .orderBy(asc(quizQuestions.position)),
    // Each question's answers waiting, on the queue's own condition, so the picker's numbers are its lists' lengths.
    db
      .select({ questionId: attemptAnswers.questionId, waiting: count() })
      .from(attemptAnswers)
      .innerJoin(quizAttempts, eq(quizAttempts.id, attemptAnswers.attemptId))
      .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
      .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.quizId, quizId), waitingForGrader()))
      .groupBy(attemptAnswers.questionId),
  ]);
  const waitingOf = new Map(waitingRows.map((row) => [row.questionId, row.waiting]));
  const essays = rows.map(({ id, questionText, questionHtml, mark, answerKey }): EssayToGrade => {
    const key = EssayKey.safeParse(answerKey ?? {});
    return {
      id,
      questionText,
      ...withMaths("questionTextHtml", questionHtml),
      maxMark: mark / 100,
      waiting: waitingOf.get(id) ?? 0,
      graderInfo: key.success ? key.data.graderInfo : "",
      ...(key.success && key.data.rubric ? { rubric: key.data.rubric } : {}),
    };
  });
  return { quiz: { id: row.id, quizName: row.quizName }, essays };
}

/**
 * The name of the student whose attempt a grader has just marked, for the anonymous grading
 * page's "saved" notice: the name is shown only once the mark is saved (ADR 0070). The same
 * gate as the grade: the attempt in the caller's business (else 404), a quiz they may grade.
 */
export async function studentNameOfGradedAttempt(services: AppServices, caller: Caller, takenQuizId: number): Promise<string> {
  const [found] = await services.db
    .select({ fullname: users.fullname, teacherId: quizzes.teacherId })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(users, eq(users.id, quizAttempts.studentId))
    .where(and(eq(quizAttempts.id, takenQuizId), eq(quizAttempts.businessId, caller.businessId)))
    .limit(1);
  if (!found) throw new NotFound("taken quiz");
  assertMayGradeQuiz(caller, found);
  return found.fullname;
}

/**
 * The grade page's answer (/teacher/quiz/{id}/attempt/{takenQuizId}/grade/{questionId}, ADR
 * 0070): one question of a finished attempt as its authors read it (fetchById: the answer
 * given, its mark, who marked it and when), for a caller who may grade the quiz, with the
 * student's name. An attempt of another quiz, or a question not on its paper, is 404.
 */
export async function answerToGrade(services: AppServices, caller: Caller, address: { quizId: unknown; takenQuizId: unknown; questionId: unknown }) {
  const quizId = idFromAddress(address.quizId, "quiz");
  const takenQuizId = idFromAddress(address.takenQuizId, "taken quiz");
  const questionId = idFromAddress(address.questionId, "question");
  const { row } = await loadQuiz(services, caller, quizId);
  assertMayGradeQuiz(caller, row);
  const result = await fetchTakenQuizResult(services, caller, { takenQuizId });
  if (result.quiz.id !== quizId) throw new NotFound("taken quiz");
  const answer = result.takenQuizAnswers.find((one) => one.questionId === questionId);
  if (!answer) throw new NotFound("question");
  const studentName = await studentNameOfGradedAttempt(services, caller, takenQuizId);
  const key = answer.question.optionType === "essay" ? EssayKey.safeParse(answer.answerKey ?? {}) : undefined;
  const rubric = key?.success ? key.data.rubric : undefined;
  const [stored] = await services.db
    .select({ rubricLevels: attemptAnswers.rubricLevels })
    .from(attemptAnswers)
    .where(and(eq(attemptAnswers.attemptId, takenQuizId), eq(attemptAnswers.questionId, questionId)))
    .limit(1);
  return {
    quiz: { id: row.id, quizName: row.quizName },
    attempt: { takenQuizId, studentName, submittedAt: result.submittedAt, percentage: result.percentage, gradingStatus: result.gradingStatus },
    answer,
    graderInfo: key?.success ? key.data.graderInfo : "",
    rubric,
    startWith: startingGrade(answer, rubric, stored?.rubricLevels ?? null),
  };
}

/** What the grade form starts with: the grade already given, so an override changes one part of it. */
export interface StartingGrade {
  /** The mark to type, or null when none is given yet or the chosen levels already add up to it. */
  mark: number | null;
  comment: string;
  /** The level chosen for each criterion, by position (attempt_answers.rubric_levels), those the rubric still has. */
  levels: Record<number, number>;
}

/**
 * The grade form's first values (ADR 0070): the comment, the rubric levels chosen before and the
 * mark. The mark is left to the levels when they add up to it (as the rubric gave it), since a
 * typed mark wins over the levels (mark-of-grade.ts): changing one level then changes the mark.
 * An answer still pending has no mark to offer.
 */
export function startingGrade(
  answer: { mark: number | null; answerStatus?: string; comment?: string },
  rubric: RubricShape[] | undefined,
  stored: readonly { criterion: number; level: number }[] | null,
): StartingGrade {
  const levels: Record<number, number> = {};
  let levelsHundredths = 0;
  for (const { criterion, level } of stored ?? []) {
    const points = rubric?.[criterion]?.levels[level]?.points;
    if (points === undefined || criterion in levels) continue;
    levels[criterion] = level;
    levelsHundredths += Math.round(points * 100);
  }
  const given = answer.answerStatus === "pending" ? null : answer.mark;
  const madeByLevels = given !== null && Object.keys(levels).length > 0 && Math.round(given * 100) === levelsHundredths;
  return { mark: madeByLevels ? null : given, comment: answer.comment ?? "", levels };
}

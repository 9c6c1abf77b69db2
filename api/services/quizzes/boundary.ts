import type { NewQuiz, Quiz, QuizDraw, ShowAnswerTiming } from "../../../db/schema/quizzes";
import type { Caller } from "../core/caller";
import { maySeeQuizPassword } from "../core/permissions";
import { showAnswerTimingOf, timingColumns } from "./answer-timing";
import { drawnCount, type QuizComplete, type QuizPatch } from "./schemas";

/**
 * The one mapping between the quiz API's names (spec 3; decisions.md "boundary names") and
 * the schema's types: Yes/No ↔ booleans, category and course names ↔ ids, dates in epoch
 * seconds, `consuctive…` ↔ `consecutive…`, showAnswer + showAnswerTiming ↔ the two answer
 * columns (answer-timing.ts). Every quiz verb uses it; services speak the
 * schema's types.
 */

type YesNo = "Yes" | "No";
const yesNo = (value: boolean): YesNo => (value ? "Yes" : "No");
const isYes = (value: YesNo) => value === "Yes";

export interface QuizNames {
  category: string;
  course: string;
}

export interface QuizCounts {
  questionsCount: number;
  takenCount: number;
}

/**
 * A quiz as every quiz answer carries it; only authors ever receive one. The password is
 * filled in only for the quiz's teacher and the owner (docs/decisions/0029); other authors
 * get "" and `hasPassword`.
 */
export interface QuizEntity {
  id: number;
  quizId: number;
  quizType: Quiz["quizType"];
  quizName: string;
  quizDescription: string;
  category: string;
  course: string;
  level: Quiz["level"];
  totalQuestion: number;
  questionsCount: number;
  takenCount: number;
  isPremium: boolean;
  premiumQuiz: boolean;
  status: Quiz["status"];
  startDate: number | null;
  endDate: number | null;
  starttimestamp: number | null;
  endtimestamp: number | null;
  allowSkip: YesNo;
  takeBestScore: YesNo;
  showAnswer: YesNo;
  /** When right answers are shown (ADR 0030); "Never" exactly when showAnswer is No. */
  showAnswerTiming: ShowAnswerTiming;
  negativeMarking: YesNo;
  attemptsAllowed: number;
  quiztimetype: Quiz["quizTimeType"];
  timeType: Quiz["quizTimeType"];
  time: number;
  consuctiveWrongAnswersForNegativeMarking: number;
  password: string;
  /** Whether starting the quiz asks for a password, whoever reads the entity. */
  hasPassword: boolean;
  profile: number[];
  department: number[];
  teacherId: number;
  userid: number;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  /** decisions.md "Papers" (ADR 0077). */
  draws: QuizDraw[];
  shuffleQuestions: YesNo;
  /** ADR 0076: a result at or above this percentage passes; null = no pass mark. */
  passPercentage: number | null;
}

export function toQuizEntity(row: Quiz, names: QuizNames, counts: QuizCounts, viewer: Caller): QuizEntity {
  return {
    id: row.id,
    quizId: row.id,
    quizType: row.quizType,
    quizName: row.quizName,
    quizDescription: row.quizDescription,
    category: names.category,
    course: names.course,
    level: row.level,
    totalQuestion: row.totalQuestion,
    questionsCount: counts.questionsCount,
    takenCount: counts.takenCount,
    isPremium: row.isPremium,
    premiumQuiz: row.isPremium,
    status: row.status,
    startDate: row.startTimestamp,
    endDate: row.endTimestamp,
    starttimestamp: row.startTimestamp,
    endtimestamp: row.endTimestamp,
    allowSkip: yesNo(row.allowSkip),
    takeBestScore: yesNo(row.takeBestScore),
    showAnswer: yesNo(row.showAnswer),
    showAnswerTiming: showAnswerTimingOf(row),
    negativeMarking: yesNo(row.negativeMarking),
    attemptsAllowed: row.attemptsAllowed,
    quiztimetype: row.quizTimeType,
    timeType: row.quizTimeType,
    time: row.time,
    consuctiveWrongAnswersForNegativeMarking: row.consecutiveWrongAnswersForNegativeMarking,
    password: maySeeQuizPassword(viewer, row) ? row.password : "",
    hasPassword: row.password !== "",
    profile: row.profiles,
    department: row.departments,
    teacherId: row.teacherId,
    userid: row.teacherId,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    draws: row.draws,
    shuffleQuestions: yesNo(row.shuffleQuestions),
    passPercentage: row.passPercentage,
  };
}

/** The stored quiz in the request's names, so that an update may send only what changes. */
export function toQuizPatch(row: Quiz, names: QuizNames, links: { selectedQuestions: number[]; selectedQuizes: number[] }): QuizPatch {
  return {
    quizType: row.quizType,
    quizName: row.quizName,
    quizDescription: row.quizDescription,
    category: names.category,
    course: names.course,
    level: row.level,
    totalQuestion: row.totalQuestion,
    isPremium: row.isPremium,
    status: row.status,
    startDate: row.startTimestamp,
    endDate: row.endTimestamp,
    allowSkip: yesNo(row.allowSkip),
    takeBestScore: yesNo(row.takeBestScore),
    showAnswer: yesNo(row.showAnswer),
    showAnswerTiming: showAnswerTimingOf(row),
    negativeMarking: yesNo(row.negativeMarking),
    attemptsAllowed: row.attemptsAllowed,
    quiztimetype: row.quizTimeType,
    time: row.time,
    consuctiveWrongAnswersForNegativeMarking: row.consecutiveWrongAnswersForNegativeMarking,
    password: row.password,
    profile: row.profiles,
    department: row.departments,
    ...links,
    draws: row.draws,
    shuffleQuestions: yesNo(row.shuffleQuestions),
    passPercentage: row.passPercentage,
  };
}

/**
 * The columns of a validated quiz. Dates are kept only for a date range (they mean nothing
 * otherwise); the wrong-answer count only with negative marking; an empty totalQuestion is
 * the number of selected questions (spec 4).
 */
export function toQuizColumns(
  quiz: QuizComplete,
  refs: { categoryId: number; courseId: number },
): Omit<NewQuiz, "id" | "businessId" | "teacherId" | "createdAt" | "updatedAt"> {
  const dateRange = quiz.status === "DateRange";
  const negativeMarking = isYes(quiz.negativeMarking);
  return {
    quizType: quiz.quizType,
    quizName: quiz.quizName,
    quizDescription: quiz.quizDescription,
    categoryId: refs.categoryId,
    courseId: refs.courseId,
    level: quiz.level,
    totalQuestion: quiz.totalQuestion ?? quiz.selectedQuestions.length + drawnCount(quiz.draws),
    isPremium: quiz.isPremium,
    status: quiz.status,
    startTimestamp: dateRange ? (quiz.startDate ?? null) : null,
    endTimestamp: dateRange ? (quiz.endDate ?? null) : null,
    allowSkip: isYes(quiz.allowSkip),
    takeBestScore: isYes(quiz.takeBestScore),
    ...timingColumns(quiz.showAnswerTiming),
    negativeMarking,
    attemptsAllowed: quiz.attemptsAllowed,
    quizTimeType: quiz.quiztimetype,
    time: quiz.time,
    consecutiveWrongAnswersForNegativeMarking: negativeMarking ? quiz.consuctiveWrongAnswersForNegativeMarking : 0,
    password: quiz.password,
    profiles: quiz.profile,
    departments: quiz.department,
    draws: quiz.draws,
    shuffleQuestions: isYes(quiz.shuffleQuestions),
    passPercentage: quiz.passPercentage ?? null,
  };
}

/**
 * The quiz wizard's draft: what the teacher has entered so far, as the form holds it (text
 * for text boxes, so "" can mean "not yet"), and how it becomes the quiz API's payload
 * (api/services/quizzes/schemas.ts, names of spec 3). Browser code: the enumerations are
 * literals here, pinned to the server's constants by draft.test.ts.
 */
import { fromZonedInput, toZonedInput } from "../../../../api/services/core/dates";
export const QUIZ_TYPES = ["questions", "quizzes"] as const;
export const QUIZ_LEVELS = ["Easy", "Moderate", "Hard"] as const;
export const QUIZ_STATUSES = ["Draft", "Published", "DateRange"] as const;
export const QUIZ_TIME_TYPES = ["Quiz", "Question"] as const;
/** When right answers are shown (ADR 0030); "Never" is the spec's showAnswer No. */
export const SHOW_ANSWER_TIMINGS = ["AfterEachAttempt", "AfterLastAttempt", "AfterQuizCloses", "Never"] as const;
export type ShowAnswerTiming = (typeof SHOW_ANSWER_TIMINGS)[number];
export const NO_TIME_LIMIT = -1;
/** Spec 9: the wizard's default quiz time, in minutes. */
export const DEFAULT_TIME = 1;

export type QuizType = (typeof QUIZ_TYPES)[number];
export type YesNo = "Yes" | "No";

export interface QuizDraft {
  quizType: QuizType;
  quizName: string;
  quizDescription: string;
  category: string;
  course: string;
  level: string;
  /** "" = as many as are selected (spec 4). */
  totalQuestion: string;
  status: string;
  /** `datetime-local` values on the clock of the zone the pages show (ADR 0062); sent as epoch seconds. */
  startDate: string;
  endDate: string;
  /** Time -1: no limit, the exam counts up (spec 4). */
  noTimeLimit: boolean;
  time: string;
  quiztimetype: string;
  attemptsAllowed: string;
  allowSkip: string;
  takeBestScore: string;
  /** One choice for the spec's showAnswer and when (ADR 0030); showAnswer is sent derived from it. */
  showAnswerTiming: string;
  negativeMarking: string;
  consuctiveWrongAnswersForNegativeMarking: string;
  password: string;
  isPremium: boolean;
  profile: number[];
  department: number[];
  selectedQuizes: number[];
  selectedQuestions: number[];
  /** ADR 0076: the pass mark as typed ("" = none). */
  passPercentage: string;
  /** decisions.md "Papers" (ADR 0077): each draw as the form holds it ("" course or tag: any). */
  draws: DraftDraw[];
  shuffleQuestions: YesNo;
  /** decisions.md "A quiz set for classes" (ADR 0079): each class with its own settings as typed ("" = the quiz's). */
  classes: DraftClass[];
}

/** A class the quiz is set for, as the form holds it; the dates on the clock of the pages' zone. */
export interface DraftClass {
  classId: number;
  name: string;
  startDate: string;
  endDate: string;
  time: string;
  attemptsAllowed: string;
  password: string;
}

/** A draw in the form: names as chosen, the count as typed. */
export interface DraftDraw {
  category: string;
  course: string;
  tag: string;
  count: string;
}

/** The stored quiz as the wizard's edit mode reads it (QuizDetail of the quiz API). */
export interface StoredQuiz {
  quizType: QuizType;
  quizName: string;
  quizDescription: string;
  category: string;
  course: string;
  level: string;
  totalQuestion: number;
  status: string;
  startDate: number | null;
  endDate: number | null;
  time: number;
  quiztimetype: string;
  attemptsAllowed: number;
  allowSkip: YesNo;
  takeBestScore: YesNo;
  showAnswer: YesNo;
  showAnswerTiming: ShowAnswerTiming;
  negativeMarking: YesNo;
  consuctiveWrongAnswersForNegativeMarking: number;
  password: string;
  isPremium: boolean;
  profile: number[];
  department: number[];
  selectedQuizes: number[];
  selectedQuestions: number[];
  draws?: { category: string; course: string | null; tag: string | null; count: number }[];
  shuffleQuestions?: YesNo;
  passPercentage: number | null;
  classes?: { classId: number; name: string; startDate: number | null; endDate: number | null; time: number | null; attemptsAllowed: number | null; password: string }[];
}

/** A new quiz: the spec's defaults (time 1, show answers Yes, negative marking No, Draft). */
export function newDraft(place: { category?: string; course?: string } = {}): QuizDraft {
  return {
    quizType: "questions",
    quizName: "",
    quizDescription: "",
    category: place.category ?? "",
    course: place.course ?? "",
    level: "",
    totalQuestion: "",
    status: "Draft",
    startDate: "",
    endDate: "",
    noTimeLimit: false,
    time: String(DEFAULT_TIME),
    quiztimetype: "Quiz",
    attemptsAllowed: "1",
    allowSkip: "Yes",
    takeBestScore: "Yes",
    showAnswerTiming: "AfterEachAttempt",
    negativeMarking: "No",
    consuctiveWrongAnswersForNegativeMarking: "0",
    password: "",
    isPremium: false,
    profile: [],
    department: [],
    selectedQuizes: [],
    selectedQuestions: [],
    draws: [],
    shuffleQuestions: "No",
    passPercentage: "",
    classes: [],
  };
}

/** Edit mode: the stored quiz in the form's terms (spec 4: an empty time type means no time limit). */
export function draftFromQuiz(quiz: StoredQuiz, timeZone: string): QuizDraft {
  const noTimeLimit = quiz.time === NO_TIME_LIMIT || !quiz.quiztimetype;
  return {
    quizType: quiz.quizType,
    quizName: quiz.quizName,
    quizDescription: quiz.quizDescription,
    category: quiz.category,
    course: quiz.course,
    level: quiz.level,
    totalQuestion: String(quiz.totalQuestion),
    status: quiz.status,
    startDate: quiz.startDate === null ? "" : toZonedInput(quiz.startDate * 1000, timeZone),
    endDate: quiz.endDate === null ? "" : toZonedInput(quiz.endDate * 1000, timeZone),
    noTimeLimit,
    time: noTimeLimit ? String(DEFAULT_TIME) : String(quiz.time),
    quiztimetype: quiz.quiztimetype || "Quiz",
    attemptsAllowed: String(quiz.attemptsAllowed),
    allowSkip: quiz.allowSkip,
    takeBestScore: quiz.takeBestScore,
    showAnswerTiming: quiz.showAnswerTiming,
    negativeMarking: quiz.negativeMarking,
    consuctiveWrongAnswersForNegativeMarking: String(quiz.consuctiveWrongAnswersForNegativeMarking),
    password: quiz.password,
    isPremium: quiz.isPremium,
    profile: quiz.profile,
    department: quiz.department,
    selectedQuizes: quiz.selectedQuizes,
    selectedQuestions: quiz.selectedQuestions,
    draws: (quiz.draws ?? []).map((draw) => ({ category: draw.category, course: draw.course ?? "", tag: draw.tag ?? "", count: String(draw.count) })),
    shuffleQuestions: quiz.shuffleQuestions ?? "No",
    passPercentage: quiz.passPercentage === null ? "" : String(quiz.passPercentage),
    classes: (quiz.classes ?? []).map((set) => ({
      classId: set.classId,
      name: set.name,
      startDate: set.startDate === null ? "" : toZonedInput(set.startDate * 1000, timeZone),
      endDate: set.endDate === null ? "" : toZonedInput(set.endDate * 1000, timeZone),
      time: set.time === null ? "" : String(set.time),
      attemptsAllowed: set.attemptsAllowed === null ? "" : String(set.attemptsAllowed),
      password: set.password,
    })),
  };
}

/**
 * The API payload. Text stays text where the teacher typed it ("abc" minutes must come back
 * as the server's own message, not silently become 0); dates become epoch seconds. The
 * owner's policy is not applied here: the server applies it to whatever arrives. Dates are
 * read on the clock of `timeZone`, the zone the quiz's pages show them in (ADR 0062).
 */
export function draftPayload(draft: QuizDraft, timeZone: string): Record<string, unknown> {
  const dateRange = draft.status === "DateRange";
  return {
    quizType: draft.quizType,
    quizName: draft.quizName,
    quizDescription: draft.quizDescription,
    category: draft.category,
    course: draft.course,
    level: draft.level || undefined,
    totalQuestion: draft.totalQuestion.trim() === "" ? null : draft.totalQuestion.trim(),
    status: draft.status || undefined,
    startDate: dateRange ? epochSecondsOf(draft.startDate, timeZone) : null,
    endDate: dateRange ? epochSecondsOf(draft.endDate, timeZone) : null,
    time: draft.noTimeLimit ? NO_TIME_LIMIT : draft.time.trim() || undefined,
    quiztimetype: draft.quiztimetype || undefined,
    attemptsAllowed: draft.attemptsAllowed.trim() || undefined,
    allowSkip: draft.allowSkip || undefined,
    takeBestScore: draft.takeBestScore || undefined,
    showAnswer: draft.showAnswerTiming ? (draft.showAnswerTiming === "Never" ? "No" : "Yes") : undefined,
    showAnswerTiming: draft.showAnswerTiming || undefined,
    negativeMarking: draft.negativeMarking || undefined,
    consuctiveWrongAnswersForNegativeMarking: draft.negativeMarking === "Yes" ? draft.consuctiveWrongAnswersForNegativeMarking.trim() || undefined : 0,
    password: draft.password,
    isPremium: draft.isPremium,
    profile: draft.profile,
    department: draft.department,
    selectedQuizes: draft.quizType === "quizzes" ? draft.selectedQuizes : [],
    selectedQuestions: draft.selectedQuestions,
    draws: draft.quizType === "questions" ? draft.draws.map(drawPayload) : [],
    shuffleQuestions: draft.shuffleQuestions,
    // Text as typed ("" = no pass mark): the server says what is wrong with anything else.
    passPercentage: draft.passPercentage.trim(),
    classes: draft.classes.map((set) => classPayload(set, timeZone)),
  };
}

/** A class as the API takes it: "" is the quiz's own setting; numbers as typed (the server says what is wrong with them). */
export function classPayload(set: DraftClass, timeZone: string) {
  const orNull = (text: string) => (text.trim() === "" ? null : text.trim());
  return {
    classId: set.classId,
    startDate: set.startDate ? epochSecondsOf(set.startDate, timeZone) : null,
    endDate: set.endDate ? epochSecondsOf(set.endDate, timeZone) : null,
    time: orNull(set.time),
    attemptsAllowed: orNull(set.attemptsAllowed),
    password: set.password || null,
  };
}

/** A draw as the API takes it: an empty course or tag is none; the count as typed (the server says what is wrong with it). */
export function drawPayload(draw: DraftDraw): { category: string; course: string | null; tag: string | null; count: string } {
  return { category: draw.category, course: draw.course || null, tag: draw.tag.trim() || null, count: draw.count.trim() };
}

/** Questions every paper gets from the draws (a count not yet a number adds nothing). */
export function drawnInDraft(draft: Pick<QuizDraft, "draws">): number {
  return draft.draws.reduce((sum, draw) => sum + (Number.parseInt(draw.count, 10) || 0), 0);
}

/** `datetime-local` text on the zone's clock → epoch seconds (null when empty or not a date). */
export function epochSecondsOf(value: string, timeZone: string): number | null {
  const ms = fromZonedInput(value, timeZone);
  return ms === null ? null : Math.floor(ms / 1000);
}

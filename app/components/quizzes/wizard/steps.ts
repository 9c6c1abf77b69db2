import type { QuizDraft } from "./draft";

/**
 * The wizard's steps (spec 2.5, 4): Quiz Type only when creating, Pick Quizes only for a
 * quiz built from other quizzes, and which draft fields each step owns (so a server error
 * on a field opens the step that shows it).
 */
export const STEP_IDS = ["type", "details", "settings", "visibility", "pickQuizzes", "pickQuestions"] as const;
export type StepId = (typeof STEP_IDS)[number];

export const STEP_FIELDS: Record<StepId, readonly (keyof QuizDraft | "quizId")[]> = {
  type: ["quizType"],
  details: ["quizName", "quizDescription", "category", "course", "level", "totalQuestion"],
  settings: [
    "status",
    "startDate",
    "endDate",
    "time",
    "quiztimetype",
    "attemptsAllowed",
    "allowSkip",
    "takeBestScore",
    "showAnswerTiming",
    "negativeMarking",
    "consuctiveWrongAnswersForNegativeMarking",
    "password",
    "isPremium",
    "passPercentage",
    "classes",
  ],
  visibility: ["profile", "department"],
  pickQuizzes: ["selectedQuizes"],
  pickQuestions: ["selectedQuestions", "draws", "shuffleQuestions"],
};

export function wizardSteps(mode: "create" | "edit", quizType: QuizDraft["quizType"]): StepId[] {
  return STEP_IDS.filter((step) => (step !== "type" || mode === "create") && (step !== "pickQuizzes" || quizType === "quizzes"));
}

export function isStepId(value: string): value is StepId {
  return (STEP_IDS as readonly string[]).includes(value);
}

/** The first step, in wizard order, that shows one of these fields. */
export function stepOfFields(steps: readonly StepId[], fields: readonly string[]): StepId | undefined {
  // A field of a list's item ("classes.0.time") opens the step of its list.
  return steps.find((step) => STEP_FIELDS[step].some((name) => fields.some((field) => field === name || field.startsWith(`${name}.`))));
}

export type StepState = "done" | "current" | "pending";

/** Spec 4: steps before the current one are done, after it pending. */
export function stepState(index: number, current: number): StepState {
  return index < current ? "done" : index === current ? "current" : "pending";
}

/** Spec 4: going to the same step, or outside the steps, is ignored (returns the current one). */
export function goToStep(current: number, target: number, count: number): number {
  return target === current || target < 0 || target >= count ? current : target;
}

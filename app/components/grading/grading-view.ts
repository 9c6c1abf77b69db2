/** How the grading page lists the answers waiting (its address's query, ADR 0070). */
export interface GradingView {
  by: "question" | "student";
  /** The question whose answers are listed (by question); the quiz's first essay when none is named. */
  questionId?: number;
  anonymous: boolean;
  page: number;
}

export const GRADING_PAGE_SIZE = 10;

const positive = (text: string | null) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

/** The view an address asks for; anything unreadable is the default (by question, names shown, page 1). */
export function gradingViewOf(search: URLSearchParams): GradingView {
  return {
    by: search.get("by") === "student" ? "student" : "question",
    questionId: positive(search.get("question")),
    anonymous: search.get("anonymous") === "1",
    page: positive(search.get("page")) ?? 1,
  };
}

/** The address of a view of the quiz's grading page. */
export function gradingPath(quizId: number, view: Partial<GradingView> = {}): string {
  const query = new URLSearchParams();
  if (view.by === "student") query.set("by", "student");
  if (view.by !== "student" && view.questionId) query.set("question", String(view.questionId));
  if (view.anonymous) query.set("anonymous", "1");
  if (view.page && view.page > 1) query.set("page", String(view.page));
  const text = query.toString();
  return `/teacher/quiz/${quizId}/grading${text ? `?${text}` : ""}`;
}

/** The ids of one grade form, which a refusal carries back so the page shows it on that form. */
export interface GradeFormIds {
  takenQuizId: number;
  questionId: number;
}

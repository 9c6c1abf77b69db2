const BASENAME = "/quiz";
const TEACHER_AREA = "/teacher/";

/**
 * Where the grade page goes after a save (shared-routes: "to `?back=` when it is a same-site
 * /quiz/teacher/ path"): the teacher-area path `back` names, as the app's routes write it
 * (without the /quiz basename), or null for anything else (another site, a scheme, `//host`,
 * a backslash, a path outside the teacher area), so the link cannot send a grader away.
 */
export function teacherBackPath(back: string | null | undefined): string | null {
  if (!back || back.includes("\\")) return null;
  const origin = "https://same.site";
  let url: URL;
  try {
    url = new URL(back, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !back.startsWith("/") || back.startsWith("//")) return null;
  const path = url.pathname.startsWith(`${BASENAME}/`) ? url.pathname.slice(BASENAME.length) : url.pathname;
  return path.startsWith(TEACHER_AREA) ? `${path}${url.search}` : null;
}

/** The teacher's view of one attempt (shared-routes.md, built by the results helper). */
export const attemptViewPath = (quizId: number | string, takenQuizId: number | string) => `/teacher/quiz/${quizId}/attempt/${takenQuizId}`;

/** The grade page of one answer, coming back to `back` (an app path) after a save. */
export const gradePagePath = (quizId: number | string, takenQuizId: number | string, questionId: number | string, back?: string) =>
  `/teacher/quiz/${quizId}/attempt/${takenQuizId}/grade/${questionId}${back ? `?back=${encodeURIComponent(`${BASENAME}${back}`)}` : ""}`;

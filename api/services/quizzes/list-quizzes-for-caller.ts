import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { isAuthor } from "../core/permissions";
import { listStudentQuizzes, type StudentQuizPage } from "../student-quizzes/list-student-quizzes";
import type { QuizEntity } from "./boundary";
import { listAllQuizzes } from "./list-all-quizzes";

/** An author's page: every quiz of the business with its author fields. */
export interface AuthorQuizPage {
  totalCount: number;
  entities: QuizEntity[];
}

/**
 * Spec 7 POST /api/quiz/all, decided by the caller (docs/decisions/0035-spec-list-calls.md):
 * the teacher pool calls /quiz/allByTeacher, so /quiz/all is also the student's pool. An
 * author (a Teacher or the owner) gets every quiz of the business as before; anyone else
 * gets exactly what /quiz/allForStudent answers (its body rules, its premium info, no
 * password or author fields; a non-student is refused there).
 */
export async function listQuizzesForCaller(services: AppServices, caller: Caller, input: unknown): Promise<AuthorQuizPage | StudentQuizPage> {
  return isAuthor(caller) ? listAllQuizzes(services, caller, input) : listStudentQuizzes(services, caller, input);
}

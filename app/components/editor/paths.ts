import { QUESTIONS_PATH } from "../bank/paths";

/** The editor's URLs (spec 2.5): a new question in a bank, and an existing one. */
export function newQuestionPath(category: string, course: string): string {
  return `/teacher/question/${encodeURIComponent(category)}/${encodeURIComponent(course)}/new`;
}

export function editQuestionPath(id: number): string {
  return `/teacher/question/${id}/edit`;
}

/** The spec's dialog addresses; they open over the question's bank (decision 0017). */
export function viewQuestionPath(id: number): string {
  return `${QUESTIONS_PATH}/${id}/view`;
}

export function deleteQuestionPath(id: number): string {
  return `${QUESTIONS_PATH}/${id}/delete`;
}

/** The dialogs as children of the bank of the question's category and course. */
export function bankDialogPath(bank: string, dialog: "view" | "delete", id: number): string {
  return `${bank}/${dialog}/${id}`;
}

/**
 * A student's answer of any question type as the exam page keeps it (decisions.md "Answers"):
 * option ids for the choice types (radio, checkbox, trueFalse), the type's own object for the
 * others. The same value goes to autosave, the offline queue, a Check and the submit, and comes
 * back on resume, so nothing here converts: it only says whether an answer is given and
 * whether two answers are the same.
 */
export type TypedAnswer = { text: string } | { value: string; unit?: string } | { pairs: { stemId: string; choiceId: string }[] } | { order: string[] } | { gaps: string[] } | { html: string };
export type AnswerValue = number[] | TypedAnswer;

const filled = (text: unknown) => typeof text === "string" && text.replace(/<[^>]*>|&nbsp;/g, "").trim() !== "";

/** Whether the student has given an answer (what the navigator, the progress and Check count). */
export function isAnswered(answer: AnswerValue | undefined): boolean {
  if (!answer) return false;
  if (Array.isArray(answer)) return answer.length > 0;
  if ("text" in answer) return filled(answer.text);
  if ("value" in answer) return filled(answer.value);
  if ("pairs" in answer) return answer.pairs.length > 0;
  if ("order" in answer) return answer.order.length > 0;
  if ("gaps" in answer) return answer.gaps.some(filled);
  if ("html" in answer) return filled(answer.html);
  return false;
}

/** Two answers alike: compared by their JSON, every shape being plain data in a fixed key order. */
export function sameAnswerValue(a: AnswerValue, b: AnswerValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A saved answer as startQuiz returns it (option ids, or the typed object), for the page; anything else is no answer. */
export function answerFromServer(saved: unknown): AnswerValue {
  if (Array.isArray(saved)) return saved.filter((id): id is number => typeof id === "number");
  if (saved && typeof saved === "object") return saved as TypedAnswer;
  return [];
}

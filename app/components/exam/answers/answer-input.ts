import type { TypedAnswer } from "../answer-value";
import type { ExamQuestion } from "../exam-types";

/** What every type's input takes (QuestionCard loads the one its question needs, answers/*.tsx). */
export interface AnswerInputProps {
  question: ExamQuestion;
  /** The answer so far, or undefined while none is given (a choice answer never reaches these inputs). */
  value: TypedAnswer | undefined;
  onAnswer: (next: TypedAnswer) => void;
  /** Checked in one-by-one mode: the answer is final. */
  disabled: boolean;
  /** The question's heading: each input's group is described by it. */
  headingId: string;
}

/** A field of a typed answer, or "" when the answer has no such field yet. */
export function fieldOf(value: TypedAnswer | undefined, field: "text" | "value" | "unit" | "html"): string {
  const found = value && field in value ? (value as Record<string, unknown>)[field] : undefined;
  return typeof found === "string" ? found : "";
}

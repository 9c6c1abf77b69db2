import { lazy } from "react";
import type { KeyedType } from "../../../../api/services/marking/question-types";
import type { AnswerInputProps } from "./answer-input";

/**
 * Each type's input, loaded only when a question of that type is drawn. QuestionCard loads this
 * switch itself lazily, so the multiple-choice page carries one dynamic import, not six
 * (tests/e2e/bundle-weight.spec.ts).
 */
const INPUTS = {
  shortAnswer: lazy(() => import("./ShortAnswerInput")),
  numerical: lazy(() => import("./NumericalInput")),
  essay: lazy(() => import("./EssayInput")),
  cloze: lazy(() => import("./ClozeInput")),
  matching: lazy(() => import("./MatchingInput")),
  ordering: lazy(() => import("./OrderingInput")),
} satisfies Record<KeyedType, unknown>;

export default function TypedAnswerInput(props: AnswerInputProps) {
  const Input = INPUTS[props.question.optionType as KeyedType];
  return Input ? <Input {...props} /> : null;
}

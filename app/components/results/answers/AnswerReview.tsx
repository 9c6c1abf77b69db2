import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { ChoiceReview } from "./ChoiceReview";
import { ClozeReview } from "./ClozeReview";
import { EssayReview } from "./EssayReview";
import { MatchingReview } from "./MatchingReview";
import { OrderingReview } from "./OrderingReview";
import { NumericalReview, ShortAnswerReview } from "./TextReview";

/**
 * The answer given to one question and, when the result carries the key, the right answer, drawn
 * by the question's type. The result page and the teacher's attempt view draw them alike (one
 * tree; an author's result always carries the key). Loaded with the route: the result route has
 * no weight ceiling and these weigh a few KB (ADR 0071).
 */
export function AnswerReview({ answer }: { answer: TakenQuizAnswer }) {
  switch (answer.question.optionType) {
    case "shortAnswer":
      return <ShortAnswerReview answer={answer} />;
    case "numerical":
      return <NumericalReview answer={answer} />;
    case "matching":
      return <MatchingReview answer={answer} />;
    case "ordering":
      return <OrderingReview answer={answer} />;
    case "cloze":
      return <ClozeReview answer={answer} />;
    case "essay":
      return <EssayReview answer={answer} />;
    default:
      return <ChoiceReview answer={answer} />;
  }
}

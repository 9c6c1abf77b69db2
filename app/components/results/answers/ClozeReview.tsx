import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer } from "../../../../api/services/results/present-result";
import { TextWithMaths } from "../../maths/TextWithMaths";
import { clozePieces } from "./review-rows";
import { VerdictTag } from "./VerdictTag";

/** cloze: the text with each gap's answer in its place, its verdict and (with the key) the right answer beside it. */
export function ClozeReview({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const pieces = clozePieces(answer.question.questionText, answer.question.gaps ?? [], answer.answer, answer.rightAnswer, answer.gapFractions, answer.question.questionTextHtml);
  return (
    <p className="result-cloze">
      {pieces.map((piece, i) =>
        !("gap" in piece) ? (
          <TextWithMaths key={i} text={piece.text} html={piece.html} />
        ) : (
          <span key={i} className="result-cloze__gap">
            <span className="ui-visually-hidden">{t("types.cloze.gap", { number: piece.gap })} </span>
            <mark className="result-cloze__given">{piece.given === "" ? t("types.cloze.empty") : <TextWithMaths text={piece.given} html={piece.givenHtml} />}</mark> <VerdictTag verdict={piece.verdict} />
            {piece.right !== null && piece.verdict !== "right" && <span className="result-cloze__right"> ({piece.rightHtml ? <RightWithMaths said={t("types.cloze.right", { answer: SLOT })} text={piece.right} html={piece.rightHtml} /> : t("types.cloze.right", { answer: piece.right })})</span>}
          </span>
        ),
      )}
    </p>
  );
}

/** Where the right answer goes in the translated sentence: a character no translation holds. */
const SLOT = "\u0000";

/** "right answer: …" in the reader's language, with a dropdown choice's formula drawn where the translation puts the answer. */
function RightWithMaths({ said, text, html }: { said: string; text: string; html: string }) {
  const [before, ...after] = said.split(SLOT);
  return (
    <>
      {before}
      <TextWithMaths text={text} html={html} />
      {after.join("")}
    </>
  );
}

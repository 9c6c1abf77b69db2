import { useTranslation } from "react-i18next";
import type { ExamQuestion } from "./exam-types";

/** answerOne's answer (api/services/attempts/answer-one.ts). */
export interface Checked {
  /** "partial" only for the types without options (issue 26): part of the mark. */
  answerStatus: "yes" | "partial" | "no";
  correctOptionIds?: number[];
  answerExplaination?: string;
}

/** A one-by-one Check's verdict: right or wrong, and the right answer and explanation when the quiz shows answers. */
export function CheckVerdict({ result, question }: { result: Checked; question: ExamQuestion }) {
  const { t } = useTranslation("exam");
  return (
    <div className={`exam-check exam-check--${result.answerStatus}`} role="status">
      <p className="exam-check__verdict">{result.answerStatus === "yes" ? t("check.right") : result.answerStatus === "partial" ? t("check.partial") : t("check.wrong")}</p>
      {result.correctOptionIds && (
        <p>
          {t("check.rightAnswer")}{" "}
          {question.options
            .filter((o) => result.correctOptionIds!.includes(o.id))
            .map((o) => o.optionText)
            .join(", ")}
        </p>
      )}
      {/* Sanitised on the server when stored (ADR 0014), like every explanation shown. */}
      {result.answerExplaination && <div className="exam-check__explanation" dangerouslySetInnerHTML={{ __html: result.answerExplaination }} />}
    </div>
  );
}

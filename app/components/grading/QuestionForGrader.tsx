import { useTranslation } from "react-i18next";
import { TextWithMaths } from "../maths/TextWithMaths";

/**
 * The question a grader marks against: its text, its mark, and the author's information for
 * graders (sanitised when saved, as explanations are: ADR 0014), shown only in the teacher area.
 */
export function QuestionForGrader({ question, headingLevel = 2 }: { question: { questionText: string; questionTextHtml?: string; maxMark: number; graderInfo?: string }; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation("grading");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const max = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(question.maxMark);
  return (
    <div className="grading-question">
      <Heading className="grading-question__text">
        <TextWithMaths text={question.questionText} html={question.questionTextHtml} />
      </Heading>
      <p className="grading-question__mark">{t("question.maxMark", { max })}</p>
      {question.graderInfo && (
        <details className="grading-question__info panel-note">
          <summary>{t("question.graderInfo")}</summary>
          <div dangerouslySetInnerHTML={{ __html: question.graderInfo }} />
        </details>
      )}
    </div>
  );
}

import { useTranslation } from "react-i18next";
import type { QuizDetail } from "../../../api/services/quizzes/read-quiz-detail";

/**
 * The quiz view's draws (ADR 0077): what each attempt draws besides the quiz's own questions,
 * part by part (category › course › tag, any course or tag when none), and the question order.
 */
export function QuizDrawsView({ quiz }: { quiz: Pick<QuizDetail, "draws" | "shuffleQuestions"> }) {
  const { t } = useTranslation("quizzes");
  const partOf = (draw: QuizDetail["draws"][number]) => [draw.category, draw.course ?? t("draws.anyCourse"), draw.tag ?? t("draws.anyTag")].join(" › ");
  return (
    <section className="quiz-details__card quiz-details__card--wide" aria-labelledby="quiz-draws">
      <h2 id="quiz-draws" className="quiz-details__title">
        {t("draws.viewTitle")}
      </h2>
      {quiz.draws.length === 0 ? (
        <p>{t("draws.none")}</p>
      ) : (
        <ol className="quiz-details__questions">
          {quiz.draws.map((draw, index) => (
            <li key={index}>{t("draws.viewItem", { count: draw.count, part: partOf(draw) })}</li>
          ))}
        </ol>
      )}
      <dl className="quiz-details__list quiz-draws__order">
        <div className="quiz-details__item">
          <dt>{t("draws.viewOrder")}</dt>
          <dd>{quiz.shuffleQuestions === "Yes" ? t("draws.viewShuffled") : t("draws.viewAsListed")}</dd>
        </div>
      </dl>
    </section>
  );
}

import { useTranslation } from "react-i18next";
import type { AnswerReview } from "../../../api/services/results/answer-review";
import type { TakenQuizAnswer, TakenQuizResult } from "../../../api/services/results/present-result";
import { minutesSeconds } from "../exam/clock";
import { useDates } from "../layout/use-dates";
import { ButtonLink } from "../ui/ButtonLink";
import { QuestionFeedback } from "./QuestionFeedback";
import { QuestionThumbs } from "./QuestionThumbs";
import { RateQuiz } from "./RateQuiz";
import { TextWithMaths } from "../maths/TextWithMaths";

/**
 * A finished attempt (spec 2.4): score and percentage, correct answers, negative points,
 * time (m:ss), attempt date, status, rating, attempts left with a retake while any remain,
 * and every question with the chosen options; the right answer and the explanation only
 * when the server says the key may be seen now (ADR 0030; it leaves them out otherwise).
 */
export function ResultView({ result }: { result: TakenQuizResult }) {
  const { t } = useTranslation("results");
  const dates = useDates();
  const facts: [string, string][] = [
    [t("facts.score"), t("facts.scoreValue", { score: result.score, total: result.totalQuestions })],
    [t("facts.correct"), String(result.correctAnswered)],
    [t("facts.negative"), String(result.negativePoints)],
    [t("facts.time"), minutesSeconds(result.timeTaken)],
    [t("facts.date"), dates.dateTime(result.attemptDate)],
    [t("facts.status"), t(`statuses.${result.status}`)],
    [t("facts.attempt"), t("facts.attemptValue", { number: result.attemptNumber, allowed: result.attemptsAllowed })],
    [t("facts.remaining"), String(result.remainingAttempts)],
  ];
  return (
    <div className="result">
      <section className="result__summary" aria-labelledby="result-score">
        <p id="result-score" className="result__percentage">
          {t("percentage", { percentage: result.percentage })}
        </p>
        {result.countingTakenQuizId !== null && result.countingTakenQuizId !== result.takenQuizId && (
          <p className="result__note">{result.quiz.takeBestScore === "Yes" ? t("countsBest") : t("countsLatest")}</p>
        )}
        <dl className="result__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="result__actions">
          {/* The certificate dialog opens over this result (routes.ts); without JavaScript it is a page of its own. */}
          <ButtonLink to={`/student/takenQuiz/${result.takenQuizId}/result/download`} variant="secondary" preventScrollReset data-certificate-opener={result.takenQuizId}>
            {t("certificate.open")}
          </ButtonLink>
          {result.remainingAttempts > 0 && (
            <ButtonLink to={`/student/quizPool/${result.quizId}/take`} variant="primary">
              {t("retake")}
            </ButtonLink>
          )}
        </div>
        <RateQuiz quizId={result.quizId} rating={result.rating} />
      </section>
      <section aria-labelledby="result-answers">
        <h2 id="result-answers" className="result__heading">
          {t("answers.title")}
        </h2>
        <HiddenAnswersNote review={result.answerReview} />
        <ol className="result__questions">
          {result.takenQuizAnswers.map((answer, index) => (
            <AnswerItem key={answer.questionId} answer={answer} number={index + 1} />
          ))}
        </ol>
      </section>
    </div>
  );
}

/** Why there are no right answers on this result, in one sentence (ADR 0030). */
function HiddenAnswersNote({ review }: { review: AnswerReview }) {
  const { t } = useTranslation("results");
  const dates = useDates();
  if (review.shown || review.hiddenBecause === null) return null;
  const text =
    review.hiddenBecause === "never"
      ? t("answers.hidden")
      : review.hiddenBecause === "quizCloses"
        ? review.quizClosesAt === null
          ? t("answers.hiddenUntil.quizClosesUndated")
          : t("answers.hiddenUntil.quizCloses", { date: dates.dateTime(review.quizClosesAt) })
        : t(`answers.hiddenUntil.${review.hiddenBecause}`);
  return (
    <p className="result__note" data-testid="answers-hidden">
      {text}
    </p>
  );
}

function AnswerItem({ answer, number }: { answer: TakenQuizAnswer; number: number }) {
  const { t } = useTranslation("results");
  const chosen = new Set(answer.answerFurthers.map((o) => o.id));
  const right = new Set(answer.correctOptionIds ?? []);
  return (
    <li className={`result-answer result-answer--${answer.answerStatus}`}>
      <h3 className="result-answer__title">
        <span className="result-answer__number">{t("answers.number", { number })}</span> <TextWithMaths text={answer.question.questionText} html={answer.question.questionTextHtml} />
      </h3>
      <p className="result-answer__status">
        {t(`answers.status.${answer.answerStatus}`)}
        {answer.costsNegativePoint && ` · ${t("answers.negativePoint")}`}
      </p>
      {answer.question.questionImage && <img className="result-answer__image" src={answer.question.questionImage} alt={t("answers.image", { number })} />}
      <ul className="result-answer__options">
        {answer.question.options.map((option) => (
          <li key={option.id} className={[chosen.has(option.id) && "is-chosen", right.has(option.id) && "is-right"].filter(Boolean).join(" ") || undefined}>
            <TextWithMaths text={option.optionText} html={option.optionTextHtml} />
            {chosen.has(option.id) && <span className="result-answer__tag">{t("answers.yourAnswer")}</span>}
            {right.has(option.id) && <span className="result-answer__tag result-answer__tag--right">{t("answers.rightAnswer")}</span>}
          </li>
        ))}
      </ul>
      {answer.answerExplaination && (
        <div className="result-answer__explanation">
          <p className="result-answer__explanation-title">{t("answers.explanation")}</p>
          {/* Sanitised on the server when stored (ADR 0014). */}
          <div dangerouslySetInnerHTML={{ __html: answer.answerExplaination }} />
          {answer.image && <img className="result-answer__image" src={answer.image} alt={t("answers.explanationImage", { number })} />}
        </div>
      )}
      <div className="result-answer__actions">
        <QuestionThumbs questionId={answer.questionId} number={number} vote={answer.myVote} />
        <QuestionFeedback questionId={answer.questionId} number={number} />
      </div>
    </li>
  );
}

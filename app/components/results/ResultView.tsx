import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerReview } from "../../../api/services/results/answer-review";
import type { TakenQuizAnswer, TakenQuizResult } from "../../../api/services/results/present-result";
import { minutesSeconds } from "../exam/clock";
import { useDates } from "../layout/use-dates";
import { ButtonLink } from "../ui/ButtonLink";
import { QuestionFeedback } from "./QuestionFeedback";
import { QuestionThumbs } from "./QuestionThumbs";
import { RateQuiz } from "./RateQuiz";
import { ResultFacts, ResultPercentage } from "./ResultFacts";
import { ReviewedQuestion } from "./answers/ReviewedQuestion";
import { ReviewReaderContext } from "./answers/review-reader";
import { roundMark } from "./answers/review-rows";
import { PassVerdict } from "./PassVerdict";
import type { CertificateKind } from "../../../db/schema/exam-extras";

/**
 * What one of the quiz's authors reads beside the student's result (issue 26 point 5), passed
 * in by the teacher's attempt page (author-extras.tsx): the facts of the attempt, and for each
 * answer when it was saved and who marked it, and the grader's tools. The key is always in an
 * author's result (the server puts it there), so nothing here decides whether it is shown.
 */
export interface AuthorExtras {
  facts: [string, string][];
  /** Under an answer's status line: when it was saved, who marked it and when. */
  answerFacts(answer: TakenQuizAnswer): ReactNode;
  /** After an answer: the grader's information, the link to mark it. */
  answerTools(answer: TakenQuizAnswer, number: number): ReactNode;
}

/**
 * A finished attempt (spec 2.4): score and percentage, correct answers, negative points,
 * time (m:ss), attempt date, status, rating, attempts left with a retake while any remain,
 * and every question with the answer given by its type; the right answer and the explanation
 * only when the server says the key may be seen now (ADR 0030; it leaves them out otherwise).
 * While an essay awaits a person the percentage is provisional and there is no certificate,
 * the reason said instead of a link the server would refuse (ADR 0071).
 *
 * With `author`, the same attempt as its quiz's authors read it (the teacher's attempt view):
 * the author's facts and tools instead of the student's actions, rating, thumbs and feedback.
 */
export function ResultView({ result, author, certificate }: { result: TakenQuizResult; author?: AuthorExtras; certificate?: CertificateKind | null }) {
  const { t } = useTranslation("results");
  const studentFacts = useStudentFacts(result);
  const awaiting = result.gradingStatus === "NeedsGrading";
  return (
    <ReviewReaderContext value={author ? "author" : "student"}>
      <div className="result">
        <section className="result__summary" {...(author ? { "aria-label": t("attemptView.summary") } : { "aria-labelledby": "result-score" })}>
          {!author && awaiting && (
            <p className="result__awaiting" data-testid="awaiting-marking">
              <span aria-hidden="true">◌</span> {t("awaiting.title")}
            </p>
          )}
          <ResultPercentage id="result-score" percentage={result.percentage} awaiting={awaiting} />
          <PassVerdict passed={result.passed} passPercentage={result.passPercentage} />
          {author ? <ResultFacts facts={author.facts} /> : <StudentSummary result={result} awaiting={awaiting} facts={studentFacts} certificate={certificate} />}
        </section>
        <section aria-labelledby="result-answers">
          <h2 id="result-answers" className="result__heading">
            {author ? t("attemptView.answers") : t("answers.title")}
          </h2>
          {!author && <HiddenAnswersNote review={result.answerReview} />}
          <ol className="result__questions">
            {result.takenQuizAnswers.map((answer, index) => (
              <ReviewedQuestion key={answer.questionId} answer={answer} number={index + 1} facts={author?.answerFacts(answer)}>
                {author ? (
                  author.answerTools(answer, index + 1)
                ) : (
                  <div className="result-answer__actions">
                    <QuestionThumbs questionId={answer.questionId} number={index + 1} vote={answer.myVote} />
                    <QuestionFeedback questionId={answer.questionId} number={index + 1} />
                  </div>
                )}
              </ReviewedQuestion>
            ))}
          </ol>
        </section>
      </div>
    </ReviewReaderContext>
  );
}

/** The student's facts of their attempt (spec 2.4). */
function useStudentFacts(result: TakenQuizResult): [string, string][] {
  const { t } = useTranslation("results");
  const dates = useDates();
  return [
    [t("facts.score"), t("facts.scoreValue", { score: roundMark(result.score), total: roundMark(result.totalMarks) })],
    [t("facts.correct"), String(result.correctAnswered)],
    [t("facts.negative"), String(result.negativePoints)],
    [t("facts.time"), minutesSeconds(result.timeTaken)],
    // The school's clock, and the student's own beside it when they are abroad (ADR 0082, issue 27 point 3).
    [t("facts.date"), dates.forReader(result.attemptDate)],
    [t("facts.status"), t(`statuses.${result.status}`)],
    [t("facts.attempt"), t("facts.attemptValue", { number: result.attemptNumber, allowed: result.attemptsAllowed })],
    [t("facts.remaining"), String(result.remainingAttempts)],
  ];
}

/** Under the student's percentage: why it may not count, the facts, the certificate, a retake, the rating. */
function StudentSummary({ result, awaiting, facts, certificate }: { result: TakenQuizResult; awaiting: boolean; facts: [string, string][]; certificate?: CertificateKind | null }) {
  const { t } = useTranslation("results");
  return (
    <>
      {awaiting && <p className="result__note">{t("awaiting.detail")}</p>}
      {result.countingTakenQuizId !== null && result.countingTakenQuizId !== result.takenQuizId && (
        <p className="result__note">{result.quiz.takeBestScore === "Yes" ? t("countsBest") : t("countsLatest")}</p>
      )}
      <ResultFacts facts={facts} />
      <div className="result__actions">
        {/* The certificate dialog opens over this result (routes.ts); without JavaScript it is a page of its own. */}
        {awaiting ? (
          <p className="result__note" data-testid="no-certificate">
            {t("awaiting.noCertificate")}
          </p>
        ) : certificate === null ? (
          <p className="result__note" data-testid="no-certificate">
            {t("passMark.noCertificate", { mark: result.passPercentage })}
          </p>
        ) : (
          <ButtonLink to={`/student/takenQuiz/${result.takenQuizId}/result/download`} variant="secondary" preventScrollReset data-certificate-opener={result.takenQuizId}>
            {t("certificate.open")}
          </ButtonLink>
        )}
        {result.remainingAttempts > 0 && (
          <ButtonLink to={`/student/quizPool/${result.quizId}/take`} variant="primary">
            {t("retake")}
          </ButtonLink>
        )}
      </div>
      <RateQuiz quizId={result.quizId} rating={result.rating} />
    </>
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
          : t("answers.hiddenUntil.quizCloses", { date: dates.forReader(review.quizClosesAt) })
        : t(`answers.hiddenUntil.${review.hiddenBecause}`);
  return (
    <p className="result__note" data-testid="answers-hidden">
      {text}
    </p>
  );
}

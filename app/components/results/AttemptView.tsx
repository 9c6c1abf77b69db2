import { useTranslation } from "react-i18next";
import type { TakenQuizAnswer, TakenQuizResult } from "../../../api/services/results/present-result";
import { minutesSeconds } from "../exam/clock";
import { useDates } from "../layout/use-dates";
import { ButtonLink } from "../ui/ButtonLink";
import { ReviewedQuestion } from "./answers/ReviewedQuestion";
import { ReviewReaderContext } from "./answers/review-reader";
import { ResultFacts, ResultPercentage } from "./ResultFacts";
import { PassVerdict } from "./PassVerdict";
import { roundMark } from "./answers/review-rows";

/** Where a question of an attempt is marked (the grading helper's page, shared-routes.md). */
export const gradePath = (quizId: number, takenQuizId: number, questionId: number) => `/teacher/quiz/${quizId}/attempt/${takenQuizId}/grade/${questionId}`;

/**
 * The teacher's view of one attempt (issue 26 point 5): who took it, its dates (zone named),
 * score and marking status, and every question drawn as the student's result draws it, the key
 * always in (an author's result carries it), with when the answer was saved, who marked it and
 * when, and, for those who may grade the quiz, a link to mark it: "Mark" for an essay awaiting a
 * person, "Override mark" for any other answered question.
 */
export function AttemptView({ result, mayGrade }: { result: TakenQuizResult; mayGrade: boolean }) {
  const { t } = useTranslation("results");
  const dates = useDates();
  const awaiting = result.gradingStatus === "NeedsGrading";
  const facts: [string, string][] = [
    [t("attemptView.student"), `${result.student?.name ?? ""} (${result.student?.email ?? ""})`],
    [t("facts.attempt"), t("facts.attemptValue", { number: result.attemptNumber, allowed: result.attemptsAllowed })],
    [t("attemptView.started"), dates.dateTime(result.attemptDate)],
    [t("attemptView.submitted"), dates.dateTime(result.submittedAt)],
    [t("facts.time"), minutesSeconds(result.timeTaken)],
    [t("facts.score"), t("facts.scoreValue", { score: roundMark(result.score), total: roundMark(result.totalMarks) })],
    [t("attemptView.marking"), awaiting ? t("awaiting.title") : t("attemptView.marked")],
    [t("facts.status"), t(`statuses.${result.status}`)],
  ];
  return (
    <ReviewReaderContext value="author">
      <div className="result">
        <section className="result__summary" aria-label={t("attemptView.summary")}>
          <ResultPercentage percentage={result.percentage} awaiting={awaiting} />
          <PassVerdict passed={result.passed} passPercentage={result.passPercentage} />
          <ResultFacts facts={facts} />
        </section>
        <section aria-labelledby="attempt-answers">
          <h2 id="attempt-answers" className="result__heading">
            {t("attemptView.answers")}
          </h2>
          <ol className="result__questions">
            {result.takenQuizAnswers.map((answer, index) => (
              <ReviewedQuestion key={answer.questionId} answer={answer} number={index + 1} facts={<AnswerFacts answer={answer} />}>
                <GraderInfo answer={answer} />
                {mayGrade && <MarkLink result={result} answer={answer} number={index + 1} />}
              </ReviewedQuestion>
            ))}
          </ol>
        </section>
      </div>
    </ReviewReaderContext>
  );
}

/** When the answer was saved, and who marked it and when (a person's mark only). */
function AnswerFacts({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const dates = useDates();
  return (
    <p className="result__note result-answer__facts">
      {answer.savedAt === undefined ? t("attemptView.notSaved") : t("attemptView.saved", { date: dates.dateTime(answer.savedAt) })}
      {answer.gradedAt !== undefined && <> · {t("attemptView.gradedBy", { name: answer.gradedBy || t("attemptView.someone"), date: dates.dateTime(answer.gradedAt) })}</>}
    </p>
  );
}

/** An essay's information for graders (authors only: part of its key, sanitised when saved). */
function GraderInfo({ answer }: { answer: TakenQuizAnswer }) {
  const { t } = useTranslation("results");
  const info = answer.question.optionType === "essay" ? answer.answerKey?.graderInfo : undefined;
  if (typeof info !== "string" || info === "") return null;
  return (
    <div className="result-answer__explanation">
      <p className="result-answer__explanation-title">{t("attemptView.graderInfo")}</p>
      <div dangerouslySetInnerHTML={{ __html: info }} />
    </div>
  );
}

/** "Mark" for an essay awaiting a person, "Override mark" for any other answered question; nothing to mark when none was given. */
function MarkLink({ result, answer, number }: { result: TakenQuizResult; answer: TakenQuizAnswer; number: number }) {
  const { t } = useTranslation("results");
  if (answer.answerStatus === "empty") return null;
  const pending = answer.answerStatus === "pending";
  return (
    <ButtonLink to={gradePath(result.quizId, result.takenQuizId, answer.questionId)} size="sm" variant={pending ? "primary" : "secondary"} aria-label={t(pending ? "attemptView.markOf" : "attemptView.overrideOf", { number })}>
      {t(pending ? "attemptView.mark" : "attemptView.override")}
    </ButtonLink>
  );
}

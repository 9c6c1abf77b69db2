import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { QuizDetail } from "../../../api/services/quizzes/read-quiz-detail";
import { useDates } from "../layout/use-dates";
import { QuizPasswordValue } from "./QuizPasswordValue";
import { QuizDrawsView } from "./QuizDrawsView";

type Lookup = { id: number; Name: string };

/** One labelled value of the detail lists. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="quiz-details__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Spec 2.5 /teacher/quiz/{id}/view: everything a quiz is, as its author reads it. */
export function QuizDetails({ quiz, profiles, departments }: { quiz: QuizDetail; profiles: Lookup[]; departments: Lookup[] }) {
  const { t } = useTranslation("quizzes");
  const dates = useDates();
  const yesNo = (value: "Yes" | "No") => (value === "Yes" ? t("view.yes") : t("view.no"));
  const seconds = (value: number | null) => (value === null ? "—" : dates.dateTime(value * 1000));
  const minutes = t("view.minutes", { count: quiz.time });
  const time = quiz.time === -1 ? t("view.noLimit") : quiz.quiztimetype === "Question" ? t("view.perQuestion", { time: minutes }) : minutes;
  const names = (ids: number[], list: Lookup[]) => ids.map((id) => list.find((entry) => entry.id === id)?.Name ?? `#${id}`).join(", ");
  const everyone = quiz.profile.length === 0 && quiz.department.length === 0 && quiz.classes.length === 0;

  return (
    <div className="quiz-details">
      <section className="quiz-details__card" aria-labelledby="quiz-details">
        <h2 id="quiz-details" className="quiz-details__title">
          {t("view.details")}
        </h2>
        <p className="quiz-details__description">{quiz.quizDescription}</p>
        <dl className="quiz-details__list">
          <Item label={t("view.category")}>{quiz.category}</Item>
          <Item label={t("view.course")}>{quiz.course}</Item>
          <Item label={t("view.level")}>{t(`levels.${quiz.level}`)}</Item>
          <Item label={t("view.status")}>{t(`statuses.${quiz.status}`)}</Item>
          {quiz.status === "DateRange" && <Item label={t("view.dates")}>{t("view.from", { start: seconds(quiz.startDate), end: seconds(quiz.endDate) })}</Item>}
          <Item label={t("view.premium")}>{quiz.isPremium ? t("view.yes") : t("view.no")}</Item>
          <Item label={t("view.takenCount")}>{quiz.takenCount}</Item>
        </dl>
      </section>
      <section className="quiz-details__card" aria-labelledby="quiz-settings">
        <h2 id="quiz-settings" className="quiz-details__title">
          {t("view.settings")}
        </h2>
        <dl className="quiz-details__list">
          <Item label={t("view.totalQuestion")}>{quiz.totalQuestion}</Item>
          <Item label={t("view.attemptsAllowed")}>{quiz.attemptsAllowed}</Item>
          <Item label={t("view.time")}>{time}</Item>
          <Item label={t("view.allowSkip")}>{yesNo(quiz.allowSkip)}</Item>
          <Item label={t("view.takeBestScore")}>{yesNo(quiz.takeBestScore)}</Item>
          <Item label={t("view.showAnswer")}>{t(`answerTimings.${quiz.showAnswerTiming}`)}</Item>
          <Item label={t("view.negativeMarking")}>
            {quiz.negativeMarking === "Yes" ? t("view.negativeAfter", { count: quiz.consuctiveWrongAnswersForNegativeMarking }) : t("view.no")}
          </Item>
          <Item label={t("view.password")}>
            <QuizPasswordValue password={quiz.password} hasPassword={quiz.hasPassword} />
          </Item>
          <Item label={t("passMark.label")}>{quiz.passPercentage === null ? t("passMark.none") : t("passMark.value", { mark: quiz.passPercentage })}</Item>
        </dl>
      </section>
      <section className="quiz-details__card" aria-labelledby="quiz-visibility">
        <h2 id="quiz-visibility" className="quiz-details__title">
          {t("view.visibility")}
        </h2>
        <dl className="quiz-details__list">
          {everyone ? (
            <Item label={t("view.visibility")}>{t("view.everyone")}</Item>
          ) : (
            <>
              <Item label={t("view.profiles")}>{quiz.profile.length ? names(quiz.profile, profiles) : t("view.everyone")}</Item>
              <Item label={t("view.departments")}>{quiz.department.length ? names(quiz.department, departments) : t("view.everyone")}</Item>
              {/* ADR 0079: only the students of these classes see the quiz; their own settings are in the wizard. */}
              {quiz.classes.length > 0 && <Item label={t("classSettings.title")}>{quiz.classes.map((set) => set.name).join(", ")}</Item>}
            </>
          )}
        </dl>
      </section>
      <section className="quiz-details__card quiz-details__card--wide" aria-labelledby="quiz-questions">
        <h2 id="quiz-questions" className="quiz-details__title">
          {t("view.questions")} ({quiz.questions.length})
        </h2>
        {quiz.questions.length === 0 ? (
          <p>{t("view.noQuestions")}</p>
        ) : (
          <ol className="quiz-details__questions">
            {quiz.questions.map((question) => (
              <li key={question.id}>
                <span>{question.questionText}</span>{" "}
                <span className="quiz-details__type">{question.optionType === "radio" ? t("view.oneAnswer") : t("view.severalAnswers")}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      {quiz.quizType === "questions" && <QuizDrawsView quiz={quiz} />}
    </div>
  );
}

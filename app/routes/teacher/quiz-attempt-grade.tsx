import { useTranslation } from "react-i18next";
import { redirect, useNavigation } from "react-router";
import { answerToGrade } from "../../../api/services/grading/grading-page";
import { AnswerGiven } from "../../components/grading/AnswerGiven";
import { attemptViewPath, teacherBackPath } from "../../components/grading/back-path";
import { saveGrade } from "../../components/grading/grade-action.server";
import { GradeForm } from "../../components/grading/GradeForm";
import { QuestionForGrader } from "../../components/grading/QuestionForGrader";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { useDates } from "../../components/layout/use-dates";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import gradingCss from "../../styles/grading.css?url";
import panelsCss from "../../styles/panels.css?url";
import type { Route } from "./+types/quiz-attempt-grade";

export const links: Route.LinksFunction = () => [panelsCss, gradingCss].map((href) => ({ rel: "stylesheet", href }));

/**
 * Issue 26 point 4, /teacher/quiz/{id}/attempt/{takenQuizId}/grade/{questionId} (shared-routes,
 * ADR 0070): one question of a finished attempt, the answer given, its mark and who gave it when,
 * and the grade form to mark it or override the engine's mark, as Moodle's "Make comment or
 * override mark" is a page of its own. After a save: back to the attempt view, or to `?back=`
 * when that is a teacher-area path of this site.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  try {
    const found = await answerToGrade(services, caller, { quizId: params.id, takenQuizId: params.takenQuizId, questionId: params.questionId });
    const back = teacherBackPath(new URL(request.url).searchParams.get("back")) ?? attemptViewPath(found.quiz.id, found.attempt.takenQuizId);
    return { ...found, back, messages: routeMessages(request, "grading", "results") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  try {
    const { form } = await saveGrade(services, caller, request);
    throw redirect(teacherBackPath(field(form, "back")) ?? attemptViewPath(params.id, params.takenQuizId));
  } catch (error) {
    if (error instanceof Response) throw error;
    return actionFailure(error);
  }
}

export default function GradeAnswer({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation(["grading", "results", "common"]);
  const { quiz, attempt, answer, graderInfo, rubric, startWith, back } = loaderData;
  const dates = useDates();
  const navigation = useNavigation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const title = t("grade.title", { name: attempt.studentName });
  return (
    <section className="shell-page grading" aria-labelledby="page-title">
      <title>{`${title} · ${quiz.quizName} · ${t("common:app.name")}`}</title>
      <div className="quiz-view__toolbar">
        <ButtonLink to={back} variant="secondary">
          {t("grade.back")}
        </ButtonLink>
      </div>
      <h1 id="page-title" className="shell-page__title">
        {title}
      </h1>
      <p className="grading-answer__meta">
        {t("grade.attempt", { quizName: quiz.quizName, when: dates.dateTime(attempt.submittedAt) })}
      </p>
      <QuestionForGrader question={{ questionText: answer.question.questionText, questionTextHtml: answer.question.questionTextHtml, maxMark: answer.maxMark, graderInfo }} />
      <h2 className="grading-answer__label">{t("grade.given")}</h2>
      <AnswerGiven answer={answer} />
      <dl className="grading-current">
        <dt>{t("grade.currentMark")}</dt>
        <dd>{answer.mark === null ? t("grade.notMarked") : t("grade.markOf", { mark: number.format(answer.mark), max: number.format(answer.maxMark) })}</dd>
        <dt>{t("grade.gradedBy")}</dt>
        <dd>{answer.gradedBy && answer.gradedAt ? t("grade.gradedByWhen", { name: answer.gradedBy, when: dates.dateTime(answer.gradedAt) }) : t("grade.byEngine")}</dd>
        {answer.comment && (
          <>
            <dt>{t("grade.comment")}</dt>
            <dd className="grading-current__comment">{answer.comment}</dd>
          </>
        )}
      </dl>
      <h2 className="grading-answer__label">{answer.mark === null || answer.answerStatus === "pending" ? t("grade.markIt") : t("grade.override")}</h2>
      <GradeForm
        takenQuizId={attempt.takenQuizId}
        questionId={answer.questionId}
        maxMark={answer.maxMark}
        rubric={rubric}
        failure={actionData ?? undefined}
        submitting={navigation.state === "submitting"}
        current={startWith}
        hidden={{ back }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

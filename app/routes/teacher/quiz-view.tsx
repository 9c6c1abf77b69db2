import { useTranslation } from "react-i18next";
import { listDepartments, listProfiles } from "../../../api/services/lookups/list-profiles-and-departments";
import { Invalid } from "../../../api/services/core/errors";
import { listExtraTime } from "../../../api/services/extra-time/list-extra-time";
import { say } from "../../../api/services/message-codes";
import { findStudentIdByEmail, setExtraTime } from "../../../api/services/extra-time/set-extra-time";
import { findQuiz } from "../../../api/services/quizzes/find-quiz";
import { idFromAddress } from "../../../api/services/grading/grading-page";
import { waitingForQuiz } from "../../../api/services/grading/waiting-counts";
import { mayChangeQuiz } from "../../../api/services/core/permissions";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { ExtraTimePanel } from "../../components/quizzes/ExtraTimePanel";
import { OverridesPanel } from "../../components/quizzes/OverridesPanel";
import { deleteOverride, listOverrides, setOverride } from "../../../api/services/quiz-classes/overrides";
import { overrideCandidates } from "../../../api/services/quiz-classes/pickers";
import { MarkAnswersLink } from "../../components/grading/MarkAnswersLink";
import { QuizDetails } from "../../components/quizzes/QuizDetails";
import { quizStatsPath } from "../../components/quizzes/quiz-pool-query";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { DuplicateQuizButton } from "../../components/reports/DuplicateQuizButton";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/quiz-view";

/** Spec 2.5 /teacher/quiz/{id}/view (the same verb as POST /api/quiz/findOne). Another business's quiz is not found. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  try {
    // Checked before anything starts: a bad address must not leave the reads below running unawaited.
    const quizId = idFromAddress(params.id, "quiz");
    const [{ entity }, profiles, departments, extraTime, answersWaiting] = await Promise.all([
      findQuiz(services, caller, { quizId: params.id }),
      listProfiles(services, caller),
      listDepartments(services, caller),
      listExtraTime(services, caller, { quizId: params.id }),
      waitingForQuiz(services, caller, quizId),
    ]);
    const canChange = mayChangeQuiz(caller, entity);
    // ADR 0079: overrides are the quiz's teacher's and the owner's; other authors do not see the panel.
    const [overrides, candidates] = canChange ? await Promise.all([listOverrides(services, caller, { quizId }), overrideCandidates(services, caller, quizId)]) : [null, []];
    return { quiz: entity, profiles, departments, extraTime: extraTime.entities, canChange, answersWaiting, overrides: overrides?.entities ?? null, candidates, messages: routeMessages(request, "quizzes", "grading", "reports") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

/**
 * The view page's forms: extra time for a student, named by e-mail (decisions.md "Extra time"),
 * and a student's override, saved or deleted (ADR 0079): the same verbs as the API.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const form = await request.formData();
  try {
    const intent = field(form, "intent");
    if (intent === "override") {
      const optional = (name: string) => field(form, name) || undefined;
      return await setOverride(services, caller, {
        quizId: params.id,
        userId: field(form, "userId"),
        startDate: optional("startDate"),
        endDate: optional("endDate"),
        time: optional("time"),
        attemptsAllowed: optional("attemptsAllowed"),
      });
    }
    if (intent === "deleteOverride") return await deleteOverride(services, caller, { quizId: params.id, userId: field(form, "userId") });
    const userId = field(form, "userId") ? Number(field(form, "userId")) : await findStudentIdByEmail(services, caller, field(form, "email"));
    if (userId === null) throw new Invalid(say("EXTRA_TIME_NO_SUCH_STUDENT"), { email: say("EXTRA_TIME_NO_SUCH_STUDENT") });
    return await setExtraTime(services, caller, { quizId: params.id, userId, factor: field(form, "factor") });
  } catch (error) {
    return actionFailure(error);
  }
}

export default function QuizView({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["quizzes", "common"]);
  const { quiz, profiles, departments, extraTime, canChange, answersWaiting, overrides, candidates } = loaderData;
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${quiz.quizName} · ${t("pool.title")} · ${t("common:app.name")}`}</title>
      <div className="quiz-view__toolbar">
        <ButtonLink to="/teacher/quizPool" variant="secondary">
          {t("view.back")}
        </ButtonLink>
        <ButtonLink to={quizStatsPath(quiz.id)} variant="secondary">
          {t("pool.actions.stats")}
        </ButtonLink>
        <MarkAnswersLink quizId={quiz.id} waiting={answersWaiting} />
        <DuplicateQuizButton quizId={quiz.id} />
      </div>
      <h1 id="page-title" className="shell-page__title">
        {quiz.quizName}
      </h1>
      <QuizDetails quiz={quiz} profiles={profiles} departments={departments} />
      <ExtraTimePanel entities={extraTime} canChange={canChange} />
      {overrides && <OverridesPanel entities={overrides} candidates={candidates} />}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { useTranslation } from "react-i18next";
import { data, Outlet, useNavigation, useSearchParams } from "react-router";
import { deleteQuiz } from "../../../api/services/quizzes/delete-quiz";
import { seesEverySchoolQuizInPool } from "../../../api/services/core/permissions";
import { listAllQuizzes } from "../../../api/services/quizzes/list-all-quizzes";
import { listTeacherQuizzes } from "../../../api/services/quizzes/list-teacher-quizzes";
import { ListSearch } from "../../components/layout/ListSearch";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { translateQuizMessage } from "../../components/quizzes/messages";
import { newQuizPath, readQuizPoolQuery } from "../../components/quizzes/quiz-pool-query";
import { QuizTable } from "../../components/quizzes/QuizTable";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/quiz-pool";

/**
 * Spec 2.5: the teacher's quizzes (the same verb as POST /api/quiz/allByTeacher; the owner's,
 * every quiz of the school as POST /api/quiz/all), searched
 * by name, sorted, paged; view, edit, stats and delete per quiz. Create Quiz and Edit open
 * the quiz wizard as child modals (quiz-new.tsx, quiz-edit.tsx), which come back here with
 * `?notice=added|updated`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const query = readQuizPoolQuery(new URL(request.url).searchParams);
  const caller = callerOf(context, request);
  // The owner's pool is the school's (ADR 0062); a teacher's, their own quizzes (spec 2.5).
  const wholeSchool = seesEverySchoolQuizInPool(caller);
  const list = wholeSchool ? listAllQuizzes : listTeacherQuizzes;
  const { totalCount, entities } = await list(context.get(servicesContext), caller, {
    queryParams: { filter: { quizName: query.search || undefined }, sortField: query.sortField, sortOrder: query.sortOrder, pageNumber: query.page, pageSize: query.size },
  });
  const rows = entities.map(({ id, quizName, category, course, level, status, questionsCount, totalQuestion, takenCount, isPremium, createdAt, endDate }) => ({
    id, quizName, category, course, level, status, questionsCount, totalQuestion, takenCount, isPremium, createdAt, endDate,
  }));
  return { rows, totalCount, query, wholeSchool, messages: routeMessages(request, "quizzes") };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const form = await request.formData();
  if (field(form, "intent") !== "delete") return data({ ok: false as const, message: "Something wrong!" }, { status: 400 });
  try {
    const { message, code } = await deleteQuiz(context.get(servicesContext), callerOf(context, request), { quizId: field(form, "quizId") });
    return actionSuccess({ message, code });
  } catch (error) {
    return actionFailure(error);
  }
}

export default function QuizPool({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["quizzes", "common"]);
  const navigation = useNavigation();
  const { rows, totalCount, query, wholeSchool } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/teacher/quizPool");
  const answer = actionData as { ok?: boolean; message: string } | undefined;
  const [params] = useSearchParams();
  const notice = params.get("notice");
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("pool.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("pool.title")}
      </h1>
      <div className="quiz-pool__head">
        <p className="shell-page__lead">{t(wholeSchool ? "pool.schoolLead" : "pool.lead")}</p>
        <ButtonLink to={newQuizPath} variant="primary">
          {t("pool.create")}
        </ButtonLink>
      </div>
      {(notice === "added" || notice === "updated") && !answer && (
        <Alert variant="success" resetKey={notice}>
          {t(`wizard.${notice}`)}
        </Alert>
      )}
      {answer && (
        <Alert variant={answer.ok ? "success" : "danger"} resetKey={answer}>
          {translateQuizMessage((key, values) => t(key, values ?? {}), answer)}
        </Alert>
      )}
      <ListSearch
        label={t("pool.searchLabel")}
        fieldLabel={t("pool.search")}
        submitLabel={t("pool.apply")}
        search={query.search}
        keep={{ sort: query.sortField, order: query.sortOrder, size: query.size }}
        count={t("pool.count", { count: totalCount })}
      />
      <QuizTable rows={rows} total={totalCount} query={query} loading={loading} />
      <Outlet />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

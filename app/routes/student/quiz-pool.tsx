import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { listMarkedNotices } from "../../../api/services/results/marked-notices";
import { listStudentQuizzes } from "../../../api/services/student-quizzes/list-student-quizzes";
import { ListSearch } from "../../components/layout/ListSearch";
import { MarkedNotices } from "../../components/results/MarkedNotices";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { PremiumBanner } from "../../components/student-pool/PremiumBanner";
import { readStudentPoolQuery } from "../../components/student-pool/student-pool-query";
import { StudentQuizTable } from "../../components/student-pool/StudentQuizTable";
import { servicesContext } from "../../context";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/quiz-pool";

/**
 * Spec 2.4 /student/quizPool: the quizzes this student may take now (the same verb as
 * POST /api/quiz/allForStudent), searched by name, sorted, paged, with the premium banner
 * when subscribers-only quizzes are held back. The student's landing page: it also tells of
 * attempts a person has marked since the student last opened them (ADR 0071).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  const query = readStudentPoolQuery(new URL(request.url).searchParams);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const [page, notices] = await Promise.all([
    listStudentQuizzes(services, caller, {
      queryParams: { filter: { quizName: query.search || undefined }, sortField: query.sortField, sortOrder: query.sortOrder, pageNumber: query.page, pageSize: query.size },
    }),
    listMarkedNotices(services, caller),
  ]);
  return { ...page, notices, query, messages: routeMessages(request, "studentPool", "quizzes", "results") };
}

export default function StudentQuizPool({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["studentPool", "common"]);
  const navigation = useNavigation();
  const { entities, totalCount, premium, query } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/student/quizPool");
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("title")}
      </h1>
      <p className="shell-page__lead">{t("lead")}</p>
      <MarkedNotices notices={loaderData.notices} />
      <PremiumBanner shown={totalCount} premium={premium} />
      <ListSearch
        label={t("searchLabel")}
        fieldLabel={t("search")}
        submitLabel={t("apply")}
        search={query.search}
        keep={{ sort: query.sortField, order: query.sortOrder, size: query.size }}
        count={t("count", { count: totalCount })}
      />
      <StudentQuizTable rows={entities} total={totalCount} query={query} loading={loading} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation, useSearchParams } from "react-router";
import { listStudentTakenQuizzes } from "../../../api/services/results/list-taken-quizzes";
import { listMarkedNotices } from "../../../api/services/results/marked-notices";
import { MarkedNotices } from "../../components/results/MarkedNotices";
import { TAKEN_QUIZ_SORT_FIELDS } from "../../../api/services/results/sort-fields";
import { minutesSeconds } from "../../components/exam/clock";
import { useDates } from "../../components/layout/use-dates";
import { readListUrl } from "../../components/layout/list-url";
import { type ListColumn, ListTable } from "../../components/layout/ListTable";
import { ListSearch } from "../../components/layout/ListSearch";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { callerOf, requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/taken-quiz";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { keepPageUnderCertificate, togglesCertificateDialog, useFocusBackFromCertificate } from "../../components/results/certificate-route";
import { PassVerdict } from "../../components/results/PassVerdict";
import { adminSettingRow } from "../../../api/services/admin-settings/get-admin-setting";
import { certificateKindFor } from "../../../api/services/pass-mark/certificate-kind";

export const shouldRevalidate = keepPageUnderCertificate;

/**
 * Spec 2.4 /student/takenQuiz: the student's finished attempts (fetchAllByStudentId, the same
 * verb), newest first, each with its marking status; above them, the attempts a person has
 * marked since the student last opened them (ADR 0071).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  const params = new URL(request.url).searchParams;
  const query = { search: (params.get("search") ?? "").trim().slice(0, 200), ...readListUrl(params, TAKEN_QUIZ_SORT_FIELDS, { sortField: "attemptDate", sortOrder: "desc" }) };
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const [{ totalCount, entities }, notices, setting] = await Promise.all([
    listStudentTakenQuizzes(services, caller, {
      queryParams: { filter: { quizName: query.search || undefined }, sortField: query.sortField, sortOrder: query.sortOrder, pageNumber: query.page, pageSize: query.size },
    }),
    listMarkedNotices(services, caller),
    adminSettingRow(services, caller.businessId),
  ]);
  // ADR 0076: which rows have a certificate, so the list offers no download the server would refuse.
  const withCertificate = entities.map((row) => ({ ...row, certificate: certificateKindFor(row.percentage, row.passPercentage, setting.completionCertificateBelowPass) }));
  return { totalCount, entities: withCertificate, notices, query, messages: routeMessages(request, "results") };
}

export default function TakenQuizList({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["results", "common"]);
  const dates = useDates();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { totalCount, entities, query } = loaderData;
  const location = useLocation();
  useFocusBackFromCertificate();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname.endsWith("/student/takenQuiz") &&
    !togglesCertificateDialog(new URL(location.pathname + location.search, "http://x"), new URL(navigation.location.pathname + navigation.location.search, "http://x"));
  type TakenRow = (typeof entities)[number];
  const columns: ListColumn<TakenRow, (typeof TAKEN_QUIZ_SORT_FIELDS)[number]>[] = [
    {
      id: "quiz",
      header: t("list.columns.quiz"),
      sortField: "quizName",
      className: "quiz-table__name",
      cell: (row) => (
        <>
          {row.quizName}
          <span className="result__note"> · {row.quizCategory}</span>
        </>
      ),
    },
    { id: "attempt", header: t("list.columns.attempt"), labelOnCard: true, cell: (row) => t("facts.attemptValue", { number: row.attemptNumber, allowed: row.attemptsAllowed }) },
    {
      id: "percentage",
      header: t("list.columns.percentage"),
      sortField: "percentage",
      labelOnCard: true,
      cell: (row) => (row.gradingStatus === "NeedsGrading" ? t("awaiting.provisional", { percentage: row.percentage }) : t("percentage", { percentage: row.percentage })),
    },
    {
      id: "marking",
      header: t("list.columns.marking"),
      labelOnCard: true,
      cell: (row) =>
        row.gradingStatus === "NeedsGrading" ? (
          <span className="shell-badge shell-badge--warning">
            <span aria-hidden="true">◌</span> {t("awaiting.title")}
          </span>
        ) : (
          <span className="shell-badge shell-badge--success">{t("list.marked")}</span>
        ),
    },
    // ADR 0076: words and a symbol, blank without a pass mark or while marking is pending.
    { id: "passed", header: t("common:passMark.column"), labelOnCard: true, cell: (row) => <PassVerdict passed={row.passed} /> },
    { id: "correct", header: t("list.columns.correct"), labelOnCard: true, cell: (row) => row.correctAnswered },
    { id: "time", header: t("list.columns.time"), labelOnCard: true, cell: (row) => minutesSeconds(row.timeTaken) },
    { id: "date", header: t("list.columns.date"), sortField: "attemptDate", labelOnCard: true, cell: (row) => dates.forReader(row.attemptDate) },
    {
      id: "actions",
      header: t("list.columns.actions"),
      cell: (row) => (
        <div className="quiz-table__actions quiz-table__actions--stacked">
          <ButtonLink to={`/student/takenQuiz/${row.id}/result`} size="sm" aria-label={t("list.openOf", { name: row.quizName, number: row.attemptNumber })}>
            {t("list.open")}
          </ButtonLink>
          {/* No certificate while answers await marking (the server refuses it): the Marking column says why. */}
          {row.gradingStatus === "Graded" && row.certificate !== null && (
            <ButtonLink
              to={`/student/takenQuiz/${row.id}/download${params.size ? `?${params}` : ""}`}
              data-certificate-opener={row.id}
              size="sm"
              preventScrollReset
              aria-label={t("certificate.openOf", { name: row.quizName, number: row.attemptNumber })}
            >
              {t("certificate.open")}
            </ButtonLink>
          )}
        </div>
      ),
    },
  ];
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("list.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("list.title")}
      </h1>
      <MarkedNotices notices={loaderData.notices} />
      <ListSearch
        label={t("list.searchLabel")}
        fieldLabel={t("list.search")}
        submitLabel={t("list.apply")}
        search={query.search}
        keep={{ sort: query.sortField, order: query.sortOrder, size: query.size }}
      />
      <ListTable
        columns={columns}
        rows={entities}
        rowKey={(row) => row.id}
        caption={t("list.title")}
        className="quiz-table"
        loading={loading}
        emptyText={query.search ? t("list.noMatches") : t("list.empty")}
        sort={{ state: query, arrows: false }}
        pager={{ total: totalCount, page: query.page, size: query.size }}
      />
      {/* The certificate dialog (/takenQuiz/{id}/download) over this list. */}
      <Outlet />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

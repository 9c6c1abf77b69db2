import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation, useNavigation } from "react-router";
import type { ResultStatus } from "../../../db/schema/attempts";
import { RESULT_STATUS_CHOICES, type QuizStatsSortField } from "../../../api/services/quiz-stats/sort-fields";
import type { QuizResultRow } from "../../../api/services/quiz-stats/quiz-result-row";
import { certificateKindFor } from "../../../api/services/pass-mark/certificate-kind";
import { minutesSeconds } from "../exam/clock";
import { useDates } from "../layout/use-dates";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { ListSearch } from "../layout/ListSearch";
import { Alert } from "../ui/Alert";
import { PassVerdict } from "../results/PassVerdict";
import { Button } from "../ui/Button";
import { ButtonLink } from "../ui/ButtonLink";
import { MarkAnswersLink } from "../grading/MarkAnswersLink";
import { Checkbox } from "../ui/Checkbox";
import { Select } from "../ui/Select";
import type { QuizStatsData } from "./load-quiz-stats.server";
import { IDLE_REFRESH_MS, LIVE_REFRESH_MS, statsPaths } from "./stats-query";
import { useLiveRefresh } from "./use-live-refresh";
import { useRowSelection } from "./use-row-selection";
import { useRouteMessages } from "../../i18n/route-messages";
import { ClassPicker } from "../class-filter/ClassPicker";
import { withClassId } from "../class-filter/class-filter-url";
import { LmsPanel } from "./LmsPanel";

const STATUS_BADGE: Record<ResultStatus, string> = { Pending: "shell-badge--neutral", Accepted: "shell-badge--success", Rejected: "shell-badge--danger" };

/** A finished attempt with an essay no grader has marked yet: its percentage is provisional (decisions.md "Manual grading"). */
const awaitingMarking = (row: QuizResultRow) => !row.inProgress && row.gradingStatus === "NeedsGrading";

/** What the page's bulk status action answers (routes/teacher/quiz-stats.tsx). */
export type BulkStatusAnswer = { ok: true; status: ResultStatus; count: number } | { ok: false; message: string; code?: string; errorCodes?: Record<string, string> };

/** The certificate dialog's opener, focused again when the dialog closes (location state from the dialog route). */
export interface StatsLocationState {
  focusCertificateOf?: number;
}

/**
 * The body of a quiz's stats page (spec 2.5 viewStats), shared by the page and the dialog
 * routes that show it behind them: search over name and e-mail, sortable columns, paging,
 * row selection with a bulk status change, per-row certificate and e-mail, and a live
 * refresh (every 10 s while attempts are in progress, every minute otherwise). `live` is off
 * behind a dialog.
 */
export function QuizStatsView({ data, live = true }: { data: QuizStatsData; live?: boolean }) {
  useRouteMessages(data.messages);
  const { t } = useTranslation(["stats", "results", "common"]);
  const dates = useDates();
  const { quiz, entities, totalCount, inProgressCount, query } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const fetcher = useFetcher<BulkStatusAnswer>();
  const pagePath = statsPaths.page(quiz.id);
  const selectable = entities.filter((row) => !row.inProgress).map((row) => row.id);
  const selection = useRowSelection(`${quiz.id}${location.search}`, selectable);
  const submitting = fetcher.state !== "idle";
  // Every 10 s while a sitting is under way; every minute otherwise, to notice one starting.
  useLiveRefresh(live ? (inProgressCount > 0 ? LIVE_REFRESH_MS : IDLE_REFRESH_MS) : null, submitting);

  // A status change went through: the selection has done its work (the rows reload by themselves).
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.ok) selection.clear();
    // Once per answer (selection.clear is a new function every render).
  }, [answer]);

  // Back from the certificate dialog: the focus returns to the link that opened it.
  const focusOf = (location.state as StatsLocationState | null)?.focusCertificateOf;
  useEffect(() => {
    if (focusOf) document.querySelector<HTMLElement>(`[data-certificate-opener="${focusOf}"]`)?.focus();
  }, [focusOf, location.key]);

  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith(pagePath);
  const search = location.search;
  const nameOf = (row: QuizResultRow) => row.fullname;

  const columns: ListColumn<QuizResultRow, QuizStatsSortField>[] = [
    {
      id: "select",
      header: t("columns.select"),
      className: "stats-table__select",
      headerContent: (
        <Checkbox
          isSelected={selection.allSelected}
          isIndeterminate={selection.someSelected}
          isDisabled={selectable.length === 0}
          onChange={(on) => selection.toggleAll(on)}
        >
          <span className="ui-visually-hidden">{t("selectAll")}</span>
        </Checkbox>
      ),
      cell: (row) =>
        row.inProgress ? null : (
          <Checkbox isSelected={selection.isSelected(row.id)} onChange={(on) => selection.toggle(row.id, on)}>
            <span className="ui-visually-hidden">{t("selectRow", { name: nameOf(row), number: row.attemptNumber })}</span>
          </Checkbox>
        ),
    },
    {
      id: "student",
      header: t("columns.student"),
      sortField: "studentName",
      className: "stats-table__student",
      cell: (row) => (
        <>
          {/* Issue 27 point 5 (ADR 0081): the name opens the student's report across quizzes. */}
          <Link className="stats-table__name" to={`/teacher/reports/student/${row.studentId}`}>
            {row.fullname}
          </Link>
          <span className="stats-table__email">{row.email}</span>
          <span className="stats-table__attempt">{t("attemptValue", { number: row.attemptNumber })}</span>
        </>
      ),
    },
    {
      id: "percentage",
      header: t("columns.percentage"),
      sortField: "percentage",
      labelOnCard: true,
      className: "stats-table__number",
      // Provisional in words while an essay awaits a grader (the status column says so too).
      // ADR 0076: the pass verdict under the score, not a column of its own, so the sticky actions cover no column at 1280 px.
      cell: (row) => (
        <>
          {row.inProgress ? "–" : t(awaitingMarking(row) ? "results:awaiting.provisional" : "results:percentage", { percentage: row.percentage })}
          {row.passed !== null && (
            <>
              <br />
              <PassVerdict passed={row.passed} />
            </>
          )}
        </>
      ),
    },
    {
      id: "time",
      header: t("columns.time"),
      sortField: "timeTaken",
      labelOnCard: true,
      cell: (row) =>
        row.inProgress ? (
          <span className="stats-table__live">{row.timeLeft === null ? t("noTimeLimit") : row.timeLeft === 0 ? t("timeUp") : t("timeLeft", { time: minutesSeconds(row.timeLeft) })}</span>
        ) : (
          minutesSeconds(row.timeTaken)
        ),
    },
    { id: "date", header: t("columns.date"), sortField: "attemptDate", labelOnCard: true, className: "stats-table__date", cell: (row) => dates.dateTime(row.attemptDate) },
    {
      id: "status",
      header: t("columns.status"),
      sortField: "status",
      labelOnCard: true,
      className: "shell-table__nowrap",
      cell: (row) =>
        row.inProgress ? (
          <span className="shell-badge shell-badge--warning">{t("inProgress")}</span>
        ) : (
          <span className="stats-table__badges">
            <span className={`shell-badge ${STATUS_BADGE[row.status]}`}>{t(`status.${row.status}`)}</span>
            {awaitingMarking(row) && <span className="shell-badge shell-badge--warning">{t("results:awaiting.title")}</span>}
          </span>
        ),
    },
    {
      id: "actions",
      header: t("columns.actions"),
      className: "stats-table__actions",
      cell: (row) => (
        // Three actions in two rows at 1280 px, so the sticky column does not cover Status (quizzes.css).
        <div className="quiz-table__actions quiz-table__actions--two-by-two">
          {!row.inProgress && (
            <ButtonLink to={statsPaths.attempt(quiz.id, row.id)} size="sm" aria-label={t("results:attemptView.openOf", { name: nameOf(row), number: row.attemptNumber })}>
              {t("results:attemptView.open")}
            </ButtonLink>
          )}
          {/* No certificate until every essay is marked (the server refuses it: AWAITING_MARKING), nor below
              the pass mark unless the owner issues completion certificates (CERTIFICATE_BELOW_PASS_MARK). */}
          {!row.inProgress && !awaitingMarking(row) && certificateKindFor(row.percentage, quiz.passPercentage, data.completionCertificateBelowPass) !== null && (
            <ButtonLink
              to={`${statsPaths.download(quiz.id, row.id)}${search}`}
              data-certificate-opener={row.id}
              size="sm"
              preventScrollReset
              aria-label={t("certificateOf", { name: nameOf(row), number: row.attemptNumber })}
            >
              {t("certificate")}
            </ButtonLink>
          )}
          <ButtonLink to={statsPaths.email(quiz.id, row.id)} size="sm" aria-label={t("emailOf", { name: nameOf(row) })}>
            {t("email")}
          </ButtonLink>
        </div>
      ),
    },
  ];

  const bulkMessage = (reply: BulkStatusAnswer) => {
    if (reply.ok) return t("bulk.done", { count: reply.count, status: t(`status.${reply.status}`) });
    // By code (ADR 0061), never by the server's words.
    if (reply.errorCodes?.status === "STATS_STATUS_INVALID") return t("bulk.chooseStatus");
    if (reply.code === "STATS_NOT_FINISHED") return t("bulk.notFinished");
    if (reply.errorCodes?.ids === "STATS_IDS_REQUIRED") return t("bulk.hint");
    return t("bulk.failed");
  };

  return (
    <section className="shell-page stats-page" aria-labelledby="page-title">
      <title>{`${t("title", { quiz: quiz.quizName })} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("title", { quiz: quiz.quizName })}
      </h1>
      <div className="stats-page__head">
        <p className="shell-page__lead">{t("lead")}</p>
        <nav className="stats-page__links" aria-label={t("pageTitle")}>
          <ButtonLink to={statsPaths.view(quiz.id)} size="sm">
            {t("backToQuiz")}
          </ButtonLink>
          <ButtonLink to={withClassId(statsPaths.analysis(quiz.id), data.classId)} size="sm">
            {t("itemAnalysis")}
          </ButtonLink>
          <MarkAnswersLink quizId={quiz.id} waiting={data.answersWaiting} />
          <ButtonLink to={`${statsPaths.csv(quiz.id)}${search}`} reloadDocument size="sm">
            {t("exportCsv")}
          </ButtonLink>
        </nav>
      </div>
      {inProgressCount > 0 && (
        <p className="stats-page__live" role="status">
          <span className="stats-page__pulse" aria-hidden="true" />
          {t("live", { count: inProgressCount })}
        </p>
      )}
      {answer && (
        <Alert variant={answer.ok ? "success" : "danger"} resetKey={answer}>
          {bulkMessage(answer)}
        </Alert>
      )}
      <ListSearch
        label={t("searchLabel")}
        fieldLabel={t("search")}
        submitLabel={t("apply")}
        search={query.search}
        keep={{ sort: query.sortField, order: query.sortOrder, size: query.size, classId: data.classId }}
        count={t("count", { count: totalCount })}
        leading={<ClassPicker classes={data.classes} classId={data.classId} />}
      />
      <fetcher.Form method="post" action={pagePath} className="stats-bulk" role="group" aria-label={t("bulk.label")}>
        <input type="hidden" name="intent" value="status" />
        {selection.selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <Select name="status" label={t("bulk.status")} placeholder={t("bulk.placeholder")} options={RESULT_STATUS_CHOICES.map((status) => ({ id: status, label: t(`status.${status}`) }))} className="stats-bulk__status" />
        <Button type="submit" variant="primary" isDisabled={selection.selected.length === 0} isPending={submitting}>
          {t("bulk.apply")}
        </Button>
        <p className="stats-bulk__count" aria-live="polite">
          {selection.selected.length ? t("bulk.selected", { count: selection.selected.length }) : t("bulk.hint")}
        </p>
      </fetcher.Form>
      <ListTable
        columns={columns}
        rows={entities}
        rowKey={(row) => row.id}
        caption={t("caption", { quiz: quiz.quizName })}
        className="quiz-table stats-table"
        loading={loading}
        emptyText={query.search ? t("noMatches") : data.classId !== null ? t("classFilter.noRows") : t("common:list.noRecords")}
        sort={{ state: query, arrows: true }}
        pager={{ total: totalCount, page: query.page, size: query.size }}
      />
      {data.lms && <LmsPanel quizId={quiz.id} lms={data.lms} />}
    </section>
  );
}

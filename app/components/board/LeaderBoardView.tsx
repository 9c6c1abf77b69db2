import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigation } from "react-router";
import type { ResultStatus } from "../../../db/schema/attempts";
import { minutesSeconds } from "../exam/clock";
import { type ListColumn, ListTable } from "../layout/ListTable";
import { ButtonLink } from "../ui/ButtonLink";
import { BoardFilters } from "./BoardFilters";
import { boardCsvHref, type BoardSortField } from "./board-url";
import { openerOf, togglesBoardDialog, useFocusBackFromBoardDialog } from "./board-dialogs";
import type { LeaderBoardData } from "./load-leader-board.server";
import { useRouteMessages } from "../../i18n/route-messages";
import { PassVerdict } from "../results/PassVerdict";
import { ClassPicker } from "../class-filter/ClassPicker";
import { isAnonymousRow } from "../../../api/services/leader-board/board-row";

const STATUS_BADGE: Record<ResultStatus, string> = { Pending: "shell-badge--neutral", Accepted: "shell-badge--success", Rejected: "shell-badge--danger" };

/** A score as the interface language writes a percentage ("90 %" in French, "90%" in English). */
export function formatScore(percentage: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(percentage / 100);
}

/**
 * The leader board (spec 2.7), the same on /leaderBoard and /admin/leaderBoard: the count of
 * students, the quiz-name and category dropdowns, the table (ID, student name and score sort;
 * percentage descending by default), the CSV export of what it shows, for teachers and the
 * owner the class picker (ADR 0080), and for the owner the row actions, whose dialogs open over
 * it through <Outlet />.
 */
export function LeaderBoardView({ data, basePath }: { data: LeaderBoardData; basePath: "/leaderBoard" | "/admin/leaderBoard" }) {
  return data.off ? <BoardOff data={data} /> : <OpenLeaderBoard data={data} basePath={basePath} />;
}

/** ADR 0076: the owner turned the board off for students; the page says so. */
function BoardOff({ data }: { data: Extract<LeaderBoardData, { off: true }> }) {
  useRouteMessages(data.messages);
  const { t } = useTranslation(["board", "common"]);
  const title = t("common:pages.leaderBoard");
  return (
    <section className="shell-page board-page" aria-labelledby="page-title">
      <title>{`${title} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {title}
      </h1>
      <p className="board-page__privacy" role="status">
        {t("boardPrivacy.off")}
      </p>
    </section>
  );
}

function OpenLeaderBoard({ data, basePath }: { data: Extract<LeaderBoardData, { off: false }>; basePath: "/leaderBoard" | "/admin/leaderBoard" }) {
  useRouteMessages(data.messages);
  const { t, i18n } = useTranslation(["board", "common"]);
  const navigation = useNavigation();
  const location = useLocation();
  useFocusBackFromBoardDialog();
  const { totalCount, studentCount, entities, choices, query, mayAct, mayEmail, completionCertificateBelowPass } = data;
  const anonymous = data.view === "Anonymous";
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(basePath) && !navigation.location.pathname.endsWith(".csv") && !togglesBoardDialog(location, navigation.location);

  type Row = (typeof entities)[number];
  const columns: ListColumn<Row, BoardSortField>[] = [
    { id: "id", header: t("columns.id"), sortField: "id", labelOnCard: true, className: "shell-table__nowrap", cell: (row) => row.takenQuizId ?? "—" },
    {
      id: "student",
      header: t("columns.student"),
      // ADR 0076: an anonymous board cannot be sorted by name (it would tell whose each row is).
      ...(anonymous ? {} : { sortField: "studentName" as const }),
      className: "board-table__student",
      cell: (row) => (isAnonymousRow(row) ? t("boardPrivacy.student", { n: row.anonymous.studentNumber }) : row.studentName),
    },
    { id: "quiz", header: t("columns.quiz"), labelOnCard: true, cell: (row) => row.quizName },
    { id: "category", header: t("columns.category"), labelOnCard: true, cell: (row) => row.quizCategory },
    { id: "score", header: t("columns.score"), sortField: "percentage", labelOnCard: true, className: "shell-table__nowrap", cell: (row) => formatScore(row.percentage, i18n.language) },
    // ADR 0076: another student's anonymous row has only its place and score; these stay empty.
    { id: "attempts", header: t("columns.attempts"), labelOnCard: true, cell: (row) => (isAnonymousRow(row) ? "—" : row.totalAttempts) },
    { id: "time", header: t("columns.time"), labelOnCard: true, cell: (row) => (isAnonymousRow(row) ? "—" : minutesSeconds(row.timeTaken)) },
    {
      id: "status",
      header: t("columns.status"),
      labelOnCard: true,
      cell: (row) => (isAnonymousRow(row) ? "—" : <span className={`shell-badge ${STATUS_BADGE[row.status]}`}>{t(`status.${row.status}`)}</span>),
    },
    { id: "passed", header: t("common:passMark.column"), labelOnCard: true, cell: (row) => <PassVerdict passed={row.passed} /> },
  ];
  // The owner's row actions need the attempt's id, which every row of a full board has.
  if (mayAct && !anonymous) {
    const search = location.search;
    columns.push({
      id: "actions",
      header: t("columns.actions"),
      cell: ({ takenQuizId, studentName, quizName, passed }) =>
        takenQuizId !== null && (
        <div className="board-table__actions">
          {mayEmail && (
            <ButtonLink
              to={`${basePath}/${takenQuizId}/email${search}`}
              size="sm"
              preventScrollReset
              data-board-opener={openerOf(takenQuizId, "email")}
              aria-label={t("emailOf", { name: studentName, quiz: quizName })}
            >
              {t("email")}
            </ButtonLink>
          )}
          {/* Below the pass mark no certificate unless the owner issues completion certificates (ADR 0076). */}
          {(passed !== false || completionCertificateBelowPass) && (
          <ButtonLink
            to={`${basePath}/${takenQuizId}/download${search}`}
            size="sm"
            preventScrollReset
            data-board-opener={openerOf(takenQuizId, "download")}
            aria-label={t("downloadOf", { name: studentName, quiz: quizName })}
          >
            {t("download")}
          </ButtonLink>
          )}
        </div>
      ),
    });
  }

  const title = t("common:pages.leaderBoard");
  return (
    <section className="shell-page board-page" aria-labelledby="page-title">
      <title>{`${title} · ${t("common:app.name")}`}</title>
      <div className="board-page__head">
        <div>
          <h1 id="page-title" className="shell-page__title">
            {title}
          </h1>
          <p className="board-page__count">{t("studentCount", { count: studentCount })}</p>
        </div>
        <ButtonLink to={boardCsvHref(query)} reloadDocument download variant="secondary" title={t("exportCsvHint")}>
          {t("exportCsv")}
        </ButtonLink>
      </div>
      {anonymous && <p className="board-page__privacy">{t("boardPrivacy.anonymousNote")}</p>}
      <div className="board-filters-bar">
        <ClassPicker classes={data.classes} classId={data.classId} />
        <BoardFilters query={query} quizNames={choices.quizNames} quizCategories={choices.quizCategories} />
      </div>
      <ListTable
        columns={columns}
        rows={entities}
        rowKey={(row) => (isAnonymousRow(row) ? `student-${row.anonymous.studentNumber}` : row.takenQuizId)}
        caption={t("caption")}
        className={mayAct ? "board-table board-table--actions" : "board-table"}
        loading={loading}
        emptyText={t("common:list.noRecords")}
        sort={{ state: query }}
        pager={{ total: totalCount, page: query.page, size: query.size }}
      />
      {/* The row dialogs (…/{id}/download, …/{id}/email) over the board. */}
      <Outlet />
    </section>
  );
}

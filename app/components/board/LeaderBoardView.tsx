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

const STATUS_BADGE: Record<ResultStatus, string> = { Pending: "shell-badge--neutral", Accepted: "shell-badge--success", Rejected: "shell-badge--danger" };

/** A score as the interface language writes a percentage ("90 %" in French, "90%" in English). */
export function formatScore(percentage: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(percentage / 100);
}

/**
 * The leader board (spec 2.7), the same on /leaderBoard and /admin/leaderBoard: the count of
 * students, the quiz-name and category dropdowns, the table (ID, student name and score sort;
 * percentage descending by default), the CSV export of what it shows, and for the owner the
 * row actions, whose dialogs open over it through <Outlet />.
 */
export function LeaderBoardView({ data, basePath }: { data: LeaderBoardData; basePath: "/leaderBoard" | "/admin/leaderBoard" }) {
  useRouteMessages(data.messages);
  const { t, i18n } = useTranslation(["board", "common"]);
  const navigation = useNavigation();
  const location = useLocation();
  useFocusBackFromBoardDialog();
  const { totalCount, studentCount, entities, choices, query, mayAct, mayEmail } = data;
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith(basePath) && !navigation.location.pathname.endsWith(".csv") && !togglesBoardDialog(location, navigation.location);

  type Row = (typeof entities)[number];
  const columns: ListColumn<Row, BoardSortField>[] = [
    { id: "id", header: t("columns.id"), sortField: "id", labelOnCard: true, className: "shell-table__nowrap", cell: (row) => row.takenQuizId },
    { id: "student", header: t("columns.student"), sortField: "studentName", className: "board-table__student", cell: (row) => row.studentName },
    { id: "quiz", header: t("columns.quiz"), labelOnCard: true, cell: (row) => row.quizName },
    { id: "category", header: t("columns.category"), labelOnCard: true, cell: (row) => row.quizCategory },
    { id: "score", header: t("columns.score"), sortField: "percentage", labelOnCard: true, className: "shell-table__nowrap", cell: (row) => formatScore(row.percentage, i18n.language) },
    { id: "attempts", header: t("columns.attempts"), labelOnCard: true, cell: (row) => row.totalAttempts },
    { id: "time", header: t("columns.time"), labelOnCard: true, cell: (row) => minutesSeconds(row.timeTaken) },
    {
      id: "status",
      header: t("columns.status"),
      labelOnCard: true,
      cell: (row) => <span className={`shell-badge ${STATUS_BADGE[row.status]}`}>{t(`status.${row.status}`)}</span>,
    },
  ];
  if (mayAct) {
    const search = location.search;
    columns.push({
      id: "actions",
      header: t("columns.actions"),
      cell: (row) => (
        <div className="board-table__actions">
          {mayEmail && (
            <ButtonLink
              to={`${basePath}/${row.takenQuizId}/email${search}`}
              size="sm"
              preventScrollReset
              data-board-opener={openerOf(row.takenQuizId, "email")}
              aria-label={t("emailOf", { name: row.studentName, quiz: row.quizName })}
            >
              {t("email")}
            </ButtonLink>
          )}
          <ButtonLink
            to={`${basePath}/${row.takenQuizId}/download${search}`}
            size="sm"
            preventScrollReset
            data-board-opener={openerOf(row.takenQuizId, "download")}
            aria-label={t("downloadOf", { name: row.studentName, quiz: row.quizName })}
          >
            {t("download")}
          </ButtonLink>
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
      <BoardFilters query={query} quizNames={choices.quizNames} quizCategories={choices.quizCategories} />
      <ListTable
        columns={columns}
        rows={entities}
        rowKey={(row) => row.takenQuizId}
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

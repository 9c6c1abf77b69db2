import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, redirect, useLocation, useNavigation } from "react-router";
import { findCategoryCourse } from "../../../api/services/categories/find-category-course";
import { listQuestions } from "../../../api/services/questions/list-questions";
import { BankFilters } from "../../components/bank/BankFilters";
import { BankSelectionBar } from "../../components/bank/BankSelectionBar";
import { useRowSelection } from "../../components/stats/use-row-selection";
import { ExportQuestionsDialog } from "../../components/bank/ExportQuestionsDialog";
import { readBankQuery } from "../../components/bank/bank-query";
import { bankPath, pickerPath, uploadPath } from "../../components/bank/paths";
import { QuestionTable } from "../../components/bank/QuestionTable";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { newQuestionPath } from "../../components/editor/paths";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/question-bank";

/**
 * Spec 2.5, the question bank, step 2: the questions of one category and course
 * (/teacher/questions/{category}/{course}/load, also the return target after an edit),
 * searched by text, tag and type, sorted, paged. An unknown pair goes back to step 1.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const found = await findCategoryCourse(services, caller, { category: params.category, course: params.course });
  if (!found) throw redirect(pickerPath({}));
  const url = new URL(request.url);
  // The stored spelling is the bank's address: /maths/... becomes /Maths/...
  if (found.category !== params.category || found.course !== params.course) throw redirect(bankPath(found.category, found.course) + url.search);

  const query = readBankQuery(url.searchParams);
  const { totalCount, entities } = await listQuestions(services, caller, {
    queryParams: {
      filter: { category: found.category, course: found.course, search: query.search || undefined, tag: query.tag || undefined, optionType: query.type || undefined },
      sortField: query.sortField,
      sortOrder: query.sortOrder,
      pageNumber: query.page,
      pageSize: query.size,
    },
  });
  // Only what the table shows: the options (and which are correct) stay on the server.
  const rows = entities.map(({ id, questionText, questionTextHtml, optionType, tags, used, mayChange, thumbsUpCount, thumbsDownCount }) => ({
    id,
    questionText,
    questionTextHtml,
    optionType,
    tags,
    used,
    mayChange,
    thumbsUpCount,
    thumbsDownCount,
  }));
  const notice = url.searchParams.get("notice");
  return { category: found.category, course: found.course, rows, totalCount, query, notice: notice === "added" || notice === "updated" || notice === "deleted" ? notice : null, messages: routeMessages(request, "bank") };
}

export default function QuestionBank({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["bank", "common"]);
  const navigation = useNavigation();
  const { category, course, rows, totalCount, query, notice } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/load");
  // "all" from the toolbar's Export, "selected" from the selection bar's Export selected.
  const [exporting, setExporting] = useState<"all" | "selected" | null>(null);
  const location = useLocation();
  const selection = useRowSelection(`${category} › ${course}${location.search}`, rows.map((row) => row.id));
  return (
    <section className="shell-page bank" aria-labelledby="page-title">
      <title>{`${category} · ${course} · ${t("title")} · ${t("common:app.name")}`}</title>
      <p className="bank__crumbs">{t("title")}</p>
      <h1 id="page-title" className="shell-page__title">
        {category} <span aria-hidden="true">›</span> <span className="ui-visually-hidden">, </span>
        {course}
      </h1>
      {notice && (
        <Alert variant="success" resetKey={notice}>
          {t(`editor.${notice}`)}
        </Alert>
      )}
      <div className="bank__toolbar">
        <ButtonLink to={pickerPath({ category, course })} variant="secondary">
          {t("goBack")}
        </ButtonLink>
        <ButtonLink to={newQuestionPath(category, course)} variant="primary">
          {t("editor.createButton")}
        </ButtonLink>
        <ButtonLink to={uploadPath(category, course)} variant="secondary">
          {t("upload.open")}
        </ButtonLink>
        <Button variant="secondary" onPress={() => setExporting("all")} isDisabled={totalCount === 0}>
          {t("exportQuestions.open")}
        </Button>
        <p className="bank__summary">{t("list.count", { count: totalCount })}</p>
      </div>
      <BankFilters query={query} />
      <BankSelectionBar selection={selection} rowCount={rows.length} onExport={() => setExporting("selected")} />
      <QuestionTable rows={rows} total={totalCount} query={query} loading={loading} selection={selection} />
      <Outlet />
      {exporting && <ExportQuestionsDialog category={category} course={course} selectedIds={selection.selected} initialScope={exporting} onClose={() => setExporting(null)} />}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

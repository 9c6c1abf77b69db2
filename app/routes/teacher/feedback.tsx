import { useTranslation } from "react-i18next";
import { Link, Outlet, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { listQuestionFeedback } from "../../../api/services/feedback/list-question-feedback";
import { FEEDBACK_STATUSES } from "../../../api/services/feedback/sort-fields";
import { FeedbackTable } from "../../components/feedback/FeedbackTable";
import { feedbackListInput, feedbackListPath, readFeedbackQuery } from "../../components/feedback/feedback-query";
import { ListSearch } from "../../components/layout/ListSearch";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { Select } from "../../components/ui/Select";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import type { Route } from "./+types/feedback";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";

/**
 * Spec 2.5 /teacher/feedback: feedback on the teacher's questions (the owner: all of the
 * business), the same verb as POST /api/feedback/getAllQuestionFeedback. Search, status,
 * `?questionId=` (one question's feedback, linked from item analysis), sort and paging live
 * in the URL; the detail dialog (/feedback/{id}/view) opens over the table.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const query = readFeedbackQuery(new URL(request.url).searchParams);
  try {
    const { totalCount, entities } = await listQuestionFeedback(context.get(servicesContext), callerOf(context, request), feedbackListInput(query));
    return { totalCount, entities, query, messages: routeMessages(request, "feedback") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

/** The dialog opening or closing over the table changes nothing in the table: keep it, unless a decision was posted. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return true;
  const listOf = (url: URL) => url.pathname.replace(/\/\d+\/view$/, "") + url.search;
  return listOf(currentUrl) === listOf(nextUrl) ? false : defaultShouldRevalidate;
}

export default function FeedbackPage({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["feedback", "common"]);
  const navigation = useNavigation();
  const { totalCount, entities, query } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith(feedbackListPath);
  const statuses = [{ id: "", label: t("status.all") }, ...FEEDBACK_STATUSES.map((status) => ({ id: status, label: t(`status.${status}`) }))];
  const oneQuestion = query.questionId !== null;
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("title")}
      </h1>
      <p className="shell-page__lead">{t("lead")}</p>
      {oneQuestion && (
        <p className="feedback-page__question-filter">
          {t("oneQuestion", { text: entities[0]?.questionText ?? `#${query.questionId}` })}{" "}
          <Link to={feedbackListPath}>{t("showAll")}</Link>
        </p>
      )}
      <ListSearch
        label={t("searchLabel")}
        fieldLabel={t("search")}
        submitLabel={t("apply")}
        search={query.search}
        maxLength={200}
        keep={{ sort: query.sortField, order: query.sortOrder, size: query.size, questionId: query.questionId }}
        count={t("count", { count: totalCount })}
        wide
      >
        <Select name="status" label={t("columns.status")} options={statuses} defaultSelectedKey={query.status} />
      </ListSearch>
      <FeedbackTable rows={entities} total={totalCount} query={query} loading={loading} />
      {/* The detail dialog (/teacher/feedback/{id}/view) over this table. */}
      <Outlet />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { useTranslation } from "react-i18next";
import { Outlet, redirect, useNavigation } from "react-router";
import { listAllCategoryCourses } from "../../../api/services/categories/list-all-category-courses";
import { CategoryCoursePicker } from "../../components/bank/CategoryCoursePicker";
import { bankPath, newCategoryCoursePath } from "../../components/bank/paths";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { Alert } from "../../components/ui/Alert";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Spinner } from "../../components/ui/Spinner";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/questions";

/**
 * Spec 2.5, the question bank, step 1: choose a category and course (Next), or create one
 * (the newCatCourse dialog, a child route). A complete, existing choice goes to step 2.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const caller = callerOf(context, request);
  const params = new URL(request.url).searchParams;
  const category = params.get("category") ?? "";
  const course = params.get("course") ?? "";
  const entries = await listAllCategoryCourses(context.get(servicesContext), caller);
  const known = entries.some((entry) => entry.category === category && entry.course.includes(course));
  if (params.has("next") && known) throw redirect(bankPath(category, course));
  return {
    entries,
    category: known || entries.some((entry) => entry.category === category) ? category : "",
    course: known ? course : "",
    refused: params.has("next"),
    added: params.get("notice") === "added",
    // The category dialog and the import dialog (with its summary) open over this page.
    messages: routeMessages(request, "bank", "imports"),
  };
}

export default function Questions({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["bank", "common"]);
  const navigation = useNavigation();
  const { entries, category, course, refused, added } = loaderData;
  const courseCount = entries.reduce((sum, entry) => sum + entry.course.length, 0);
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/teacher/questions") && !navigation.formMethod;

  return (
    <section className="shell-page bank" aria-labelledby="page-title">
      <title>{`${t("title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("title")}
      </h1>
      <p className="shell-page__lead">{t("lead")}</p>
      {added && (
        <Alert variant="success" resetKey={`${category}/${course}`}>
          {t("added")}
        </Alert>
      )}

      <div className="bank__toolbar">
        <ButtonLink to={newCategoryCoursePath()} variant="secondary">
          {t("newCategoryCourse")}
        </ButtonLink>
        {entries.length > 0 && <p className="bank__summary">{t("summary", { categories: entries.length, courses: courseCount })}</p>}
      </div>

      {loading ? (
        <Spinner label={t("loading")} />
      ) : entries.length === 0 ? (
        <p className="bank__empty" role="status">
          {t("empty")}
        </p>
      ) : (
        // Keyed by the URL's choice, so a new preselection (after "create") resets the pickers.
        <CategoryCoursePicker key={`${category}/${course}`} entries={entries} initialCategory={category} initialCourse={course} refused={refused} />
      )}
      <Outlet />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

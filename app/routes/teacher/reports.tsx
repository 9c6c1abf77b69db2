import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { listClasses } from "../../../api/services/classes/list-classes";
import type { ClassEntity } from "../../../api/services/classes/schemas";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import reportsCss from "../../styles/reports.css?url";
import type { Route } from "./+types/reports";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportsCss }];

/**
 * Issue 27 point 5, /teacher/reports (ADR 0081): the classes the caller manages (the owner's
 * every class), each leading to its results grid; a student's report opens from a grid, a
 * roster or a quiz's stats.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  try {
    const list = await listClasses(context.get(servicesContext), callerOf(context, request), { queryParams: { pageSize: 100 } });
    return { classes: list.entities as ClassEntity[], messages: routeMessages(request, "reports") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["reports", "common"]);
  return (
    <section className="shell-page reports" aria-labelledby="page-title">
      <title>{`${t("index.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("index.title")}
      </h1>
      <p className="reports-intro">{t("index.intro")}</p>
      {loaderData.classes.length === 0 ? (
        <div className="shell-coming-soon__card reports-empty">
          <p>{t("index.empty")}</p>
          <ButtonLink to="/teacher/classes" variant="primary">
            {t("index.toClasses")}
          </ButtonLink>
        </div>
      ) : (
        <>
          <h2 className="classes-section__title">{t("index.classes")}</h2>
          <ul className="reports-classes">
            {loaderData.classes.map((klass) => (
              <li key={klass.id}>
                <Link to={`/teacher/reports/class/${klass.id}`}>
                  {klass.name}
                  {klass.code ? ` · ${klass.code}` : ""}
                </Link>
                <span className="reports-muted reports-email">
                  {t("index.students", { count: klass.studentCount })}
                  {klass.teachers.length ? ` · ${klass.teachers.map((teacher) => teacher.fullname).join(", ")}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { findCategoryCourse } from "../../../api/services/categories/find-category-course";
import { pickerPath } from "../../components/bank/paths";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { servicesContext } from "../../context";
import { callerOf, requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/question-bank";

/**
 * Spec 2.5, the question bank, step 2: the questions of one category and course
 * (/teacher/questions/{category}/{course}/load, also the return target after an edit).
 * An unknown pair goes back to step 1.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Teacher");
  const caller = callerOf(context, request);
  const found = await findCategoryCourse(context.get(servicesContext), caller, { category: params.category, course: params.course });
  if (!found) throw redirect(pickerPath({}));
  return { category: found.category, course: found.course };
}

export default function QuestionBank({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["bank", "common"]);
  const { category, course } = loaderData;
  return (
    <section className="shell-page bank" aria-labelledby="page-title">
      <title>{`${category} · ${course} · ${t("title")} · ${t("common:app.name")}`}</title>
      <p className="bank__crumbs">{t("title")}</p>
      <h1 id="page-title" className="shell-page__title">
        {category} <span aria-hidden="true">›</span> <span className="ui-visually-hidden">, </span>
        {course}
      </h1>
      <div className="bank__toolbar">
        <ButtonLink to={pickerPath({ category, course })} variant="secondary">
          {t("goBack")}
        </ButtonLink>
      </div>
      <div className="shell-coming-soon__card">
        <p className="shell-coming-soon__badge">{t("common:comingSoon.badge")}</p>
        <p>{t("listComingSoon")}</p>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

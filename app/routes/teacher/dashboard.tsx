import { useTranslation } from "react-i18next";
import { requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/dashboard";

export function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  return null;
}

/** Spec 2.5: the teacher dashboard shows only placeholder text. */
export default function TeacherDashboard() {
  const { t } = useTranslation();
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("pages.teacherDashboard")} · ${t("app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("pages.teacherDashboard")}
      </h1>
      <p className="shell-page__lead">{t("pages.teacherDashboardText")}</p>
    </section>
  );
}

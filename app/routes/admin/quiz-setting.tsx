import { useTranslation } from "react-i18next";
import { getAdminSetting } from "../../../api/services/admin-settings/get-admin-setting";
import { ALLOWED_FLAGS } from "../../../api/services/admin-settings/schemas";
import { updateAdminSetting } from "../../../api/services/admin-settings/update-admin-setting";
import { cardProviderKeys } from "../../../api/services/payments/payment-settings";
import { QuizSettingForm } from "../../components/admin/QuizSettingForm";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { callerOf, requireOwner } from "../../utils/guards.server";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import type { Route } from "./+types/quiz-setting";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";

/** Spec 2.6: which quiz options teachers may use (the same verbs as /api/admin/adminSetting). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const [setting, keys] = await Promise.all([getAdminSetting(services, caller), cardProviderKeys(services, caller.businessId)]);
  // Only whether a key is set reaches the page, never the key.
  return { setting, cardKeySet: keys.secretKey !== null, messages: routeMessages(request, "payments", "admin") };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireOwner(context, request);
  const form = await request.formData();
  const input = Object.fromEntries(
    [...ALLOWED_FLAGS, "maximumRoleLevelForTeacher", "enableSubscription", "teacherRegistration", "defaultRoleLevel", "completionCertificateBelowPass", "leaderBoardForStudents", "timeZone"].map((name) => [name, field(form, name) || undefined]),
  );
  try {
    return actionSuccess(await updateAdminSetting(context.get(servicesContext), callerOf(context, request), input));
  } catch (error) {
    return actionFailure(error);
  }
}

export default function QuizSetting({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["admin", "common"]);
  return (
    <section className="shell-page" aria-labelledby="page-title">
      <title>{`${t("quizSetting.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("quizSetting.title")}
      </h1>
      <p className="shell-page__lead">{t("quizSetting.lead")}</p>
      {/* Keyed by the stored values, so a saved change resets the form's own state to them; not by the
          zone, which the owner's browser may give the school while the owner is already changing the form
          (ADR 0082, second addendum): that would throw their changes away. */}
      <QuizSettingForm key={JSON.stringify({ ...loaderData.setting, timeZone: undefined })} setting={loaderData.setting} cardKeySet={loaderData.cardKeySet} answer={actionData} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

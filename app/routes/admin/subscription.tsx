import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { getPaymentSettings, updatePaymentSettings } from "../../../api/services/payments/payment-settings";
import { createPlan, deletePlan, listPlans, updatePlan } from "../../../api/services/payments/plans";
import { markOfflinePaid, refuseOfflineRequest } from "../../../api/services/payments/offline-decisions";
import { listOfflineRequests } from "../../../api/services/payments/offline-requests";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { PAYMENT_CODE_KEYS } from "../../components/payments/messages";
import { offlineMessageKey } from "../../components/payments/offline-ui";
import { OfflineRequests } from "../../components/payments/OfflineRequests";
import { PaymentSettingsForm } from "../../components/payments/PaymentSettingsForm";
import { PlanDialog } from "../../components/payments/PlanDialog";
import { PlanTable } from "../../components/payments/PlanTable";
import { Alert } from "../../components/ui/Alert";
import { servicesContext } from "../../context";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { keyOfCode } from "../../utils/message-codes";
import { isSaid } from "../../../api/services/core/coded";
import { callerOf, requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/subscription";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";

/**
 * Spec 2.6: the owner's plans and payment settings (ADR 0043), through the same verbs as
 * /api/subscriptions and /api/admin/settings. The secrets never reach this page's data:
 * getPaymentSettings answers them as set / not set.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const [settings, plans, offline] = await Promise.all([
    getPaymentSettings(services, caller),
    listPlans(services, caller),
    // ADR 0045: the pending offline payments, oldest first (the longest waiting on top).
    listOfflineRequests(services, caller, { queryParams: { filter: { status: "Pending" }, sortOrder: "asc", pageSize: 100 } }),
  ]);
  return { settings, plans: plans.entities, offlineRequests: offline.entities, messages: routeMessages(request, "payments", "offline") };
}

const optional = (form: FormData, name: string) => (form.has(name) ? field(form, name) : undefined);

export async function action({ context, request }: Route.ActionArgs) {
  requireOwner(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  const intent = field(form, "intent");
  const id = field(form, "id");
  try {
    switch (intent) {
      case "settings": {
        const input = Object.fromEntries(
          ["CURRENCY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_SECRET_KEY", "SECOND_PROVIDER_PUBLIC_KEY", "SECOND_PROVIDER_PRIVATE_KEY"].map((name) => [name, optional(form, name)]),
        );
        // The answer's data (public values and set / not set) is not sent: the loader reloads it.
        // A new secret key was checked with the provider first (accepted, else refused here).
        const { message, code, keyAnswer } = await updatePaymentSettings(services, caller, input);
        return actionSuccess({ message, code }, { intent, keyAnswer });
      }
      case "create":
      case "update": {
        const values = { title: field(form, "title"), price: field(form, "price"), interval: field(form, "interval"), description: field(form, "description") };
        const { message, code } = intent === "create" ? await createPlan(services, caller, values) : await updatePlan(services, caller, { id, ...values });
        return actionSuccess({ message, code }, { intent: intent === "create" ? intent : `update-${id}` });
      }
      case "toggle": {
        const name = field(form, "field") === "auto_charge" ? "auto_charge" : "status";
        const { message, code } = await updatePlan(services, caller, { id, [name]: field(form, "value") });
        return actionSuccess({ message, code }, { intent });
      }
      case "delete": {
        const { message, code } = await deletePlan(services, caller, { id });
        return actionSuccess({ message, code }, { intent });
      }
      case "markPaid": {
        const { message, code } = await markOfflinePaid(services, caller, { id, periodStart: field(form, "periodStart"), periodEnd: field(form, "periodEnd") });
        return actionSuccess({ message, code }, { intent });
      }
      case "refuse": {
        const { message, code } = await refuseOfflineRequest(services, caller, { id });
        return actionSuccess({ message, code }, { intent });
      }
      default:
        return data({ message: "Field is not valid", intent }, { status: 400 });
    }
  } catch (error) {
    // A refusal shows where it happened: the plan's or the offline request's dialog.
    return actionFailure(error, { intent: intent === "update" || intent === "markPaid" || intent === "refuse" ? `${intent}-${id}` : intent });
  }
}

export default function PaymentSettings({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["payments", "common", "offline"]);
  const { settings, plans, offlineRequests } = loaderData;
  const keySet = settings.STRIPE_SECRET_KEY_SET;
  // The page's answers by their code (the payment and offline verbs'), else as sent.
  const say = (answer: { message: string; code?: string }) => {
    const payment = keyOfCode(PAYMENT_CODE_KEYS, answer.code);
    const offline = offlineMessageKey(answer);
    return payment ? t(payment) : offline ? t(`offline:${offline}`) : answer.message;
  };
  // Successes show here; a refusal shows where it happened (the plan dialog, a switch's row,
  // a settings field), except one the settings or delete form cannot show by a field.
  const pageAnswer =
    actionData && actionData.intent !== "toggle" && ("ok" in actionData || ((actionData.intent === "settings" || actionData.intent === "delete") && !("errors" in actionData && actionData.errors)))
      ? actionData
      : undefined;

  return (
    <section className="shell-page payment-page" aria-labelledby="page-title">
      <title>{`${t("title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("title")}
      </h1>
      <p className="shell-page__lead">{t("lead")}</p>
      {!keySet ? (
        <Alert variant="warning" autoHideMs={null} isDismissable={false}>
          {t("state.off")}
        </Alert>
      ) : settings.enableSubscription !== "Yes" ? (
        <Alert variant="info" autoHideMs={null} isDismissable={false}>
          {t("state.disabled")} <Link to="/admin/quizSetting">{t("state.quizSettingsLink")}</Link>
        </Alert>
      ) : (
        <Alert variant="success" autoHideMs={null} isDismissable={false}>
          {t("state.on")}
        </Alert>
      )}
      {settings.STRIPE_KEYS_FROM_ENVIRONMENT && <p className="payment-page__note">{t("state.fromEnvironment")}</p>}
      {pageAnswer && (
        <Alert variant={"ok" in pageAnswer ? "success" : "danger"} resetKey={pageAnswer}>
          {say(pageAnswer)}
          {"ok" in pageAnswer && "keyAnswer" in pageAnswer && isSaid(pageAnswer.keyAnswer) ? ` ${say(pageAnswer.keyAnswer)}` : null}
        </Alert>
      )}

      <section className="payment-page__section" aria-labelledby="plans-heading">
        <div className="payment-page__heading-row">
          <h2 id="plans-heading" className="payment-page__heading">
            {t("plans.heading")}
          </h2>
          {/* Spec 2.6: create is offered only while there are no plans; without card keys too (bank transfer only). */}
          {plans.length === 0 && <PlanDialog currency={settings.CURRENCY} />}
        </div>
        {!keySet && <p className="payment-page__note">{t("plans.offlineOnly")}</p>}
        <PlanTable plans={plans} cardKeySet={keySet} />
      </section>

      <section className="payment-page__section" aria-labelledby="offline-heading">
        <h2 id="offline-heading" className="payment-page__heading">
          {t("offline:owner.heading")}
        </h2>
        <p className="payment-page__note">{t("offline:owner.lead")}</p>
        <OfflineRequests requests={offlineRequests} />
      </section>

      <section className="payment-page__section" aria-labelledby="payment-settings-heading">
        <h2 id="payment-settings-heading" className="payment-page__heading">
          {t("settings.heading")}
        </h2>
        <PaymentSettingsForm
          key={JSON.stringify(settings)}
          settings={settings}
          hasPlans={plans.length > 0}
          answer={actionData && actionData.intent === "settings" ? actionData : undefined}
        />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { confirmCheckout, createCheckoutSession, manageBilling } from "../../../api/services/payments/checkout";
import { studentSubscriptionView } from "../../../api/services/payments/student-subscription";
import { AppError } from "../../../api/services/core/errors";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { useDates } from "../../components/layout/use-dates";
import { SUBSCRIBE_CODE_KEYS } from "../../components/subscribe/messages";
import { PlanCards } from "../../components/subscribe/PlanCards";
import { loadOfflinePayment } from "../../components/payments/offline-payment.server";
import { OfflinePaymentSection } from "../../components/payments/OfflinePaymentSection";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, field } from "../../utils/form-answers.server";
import { sayAnswer } from "../../utils/message-codes";
import { refusalCodes } from "../../../api/services/message-codes";
import { callerOf, requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/subscription";

/**
 * Spec 2.4: the student's subscription page (ADR 0044). The plans on offer and Subscribe
 * (Stripe Checkout); the return with ?session_id= is confirmed on the server with Stripe by
 * the same verb as GET /api/subscriptions/subscriber, never trusted from the query alone.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  let confirmation: { ok: true } | { ok: false; message: string; code: string } | null = null;
  if (sessionId) {
    try {
      await confirmCheckout(services, caller, sessionId);
      confirmation = { ok: true };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      confirmation = { ok: false, message: error.message, code: refusalCodes(error).code };
    }
  }
  return {
    view: await studentSubscriptionView(services, caller),
    confirmation,
    messages: routeMessages(request, "subscribe"),
    offline: await loadOfflinePayment(context, request),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireUserType(context, request, "Student");
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  const intent = field(form, "intent");
  try {
    // Both answer a page at the card provider: the browser goes there.
    if (intent === "subscribe") return redirect((await createCheckoutSession(services, caller, { priceId: field(form, "priceId") })).url);
    if (intent === "billing") return redirect((await manageBilling(services, caller)).url);
    return data({ message: "Field is not valid" }, { status: 400 });
  } catch (error) {
    return actionFailure(error);
  }
}

export default function StudentSubscription({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["subscribe", "common"]);
  const dates = useDates();
  const navigation = useNavigation();
  const { view, confirmation } = loaderData;
  // The checkout verbs' answers by their code, else as sent.
  const say = (answer: { message: string; code?: string }) => sayAnswer(t, SUBSCRIBE_CODE_KEYS, answer);
  // The moment premium ends, on the school's clock and, abroad, the student's own (issue 27 point 6, ADR 0082).
  const until = view.current?.currentPeriodEnd ? dates.forReader(Date.parse(view.current.currentPeriodEnd)) : null;

  return (
    <section className="shell-page subscribe-page" aria-labelledby="page-title">
      <title>{`${t("title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("title")}
      </h1>
      <p className="shell-page__lead">{t("lead")}</p>
      {/* A confirmed checkout whose subscription has already ended (cancelled meanwhile) says nothing: the plans show again. */}
      {confirmation && (!confirmation.ok || view.current) && (
        <Alert variant={confirmation.ok ? "success" : "danger"} autoHideMs={null}>
          {confirmation.ok ? t("messages.subscribed") : say(confirmation)}
        </Alert>
      )}
      {actionData && "message" in actionData && (
        <Alert variant="danger" resetKey={actionData}>
          {say(actionData)}
        </Alert>
      )}
      {view.off && (
        <Alert variant="info" autoHideMs={null} isDismissable={false}>
          {t(`off.${view.off}`)}
        </Alert>
      )}

      {view.current && (
        <section className="subscribe-page__section" aria-labelledby="current-heading">
          <h2 id="current-heading" className="subscribe-page__heading">
            {t("current.heading")}
          </h2>
          <p className="subscribe-page__current">
            {view.current.status === "past_due"
              ? t("current.pastDue", { date: until })
              : t("current.active", { plan: view.current.planTitle ?? t("current.aPlan"), date: until })}
          </p>
          <p className="subscribe-page__note">{t("current.premiumOpen")}</p>
        </section>
      )}
      {view.canManageBilling && (
        <Form method="post" className="subscribe-page__billing">
          <input type="hidden" name="intent" value="billing" />
          <Button type="submit" variant="secondary" isPending={navigation.formData?.get("intent") === "billing"}>
            {t("billing.manage")}
          </Button>
        </Form>
      )}

      {!view.off && !view.current && (
        <section className="subscribe-page__section" aria-labelledby="plans-heading">
          <h2 id="plans-heading" className="subscribe-page__heading">
            {t("plans.heading")}
          </h2>
          {!view.cardPayments && view.plans.length > 0 && <p className="subscribe-page__note">{t("plans.cardsOff")}</p>}
          <PlanCards plans={view.plans} cardPayments={view.cardPayments} />
        </section>
      )}

      {/* Paying by bank transfer instead (issue 17 point 5, ADR 0045). */}
      <OfflinePaymentSection data={loaderData.offline} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

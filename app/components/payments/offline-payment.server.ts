import type { RouterContextProvider } from "react-router";
import { askOfflinePayment, listOfflineRequests } from "../../../api/services/payments/offline-requests";
import { getPaymentSettings } from "../../../api/services/payments/payment-settings";
import { listPlans } from "../../../api/services/payments/plans";
import { servicesContext } from "../../context";
import { routeMessages } from "../../i18n/route-messages";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { callerOf, requireUserType } from "../../utils/guards.server";

/**
 * The student's offline payment section (ADR 0045), for whichever loader renders it (the
 * student's subscription page): the plans on offer, the student's own requests and the
 * business's name for the transfer instructions, through the API's services.
 */
export async function loadOfflinePayment(context: Readonly<RouterContextProvider>, request: Request) {
  const user = requireUserType(context, request, "Student");
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const [settings, plans, requests] = await Promise.all([
    getPaymentSettings(services, caller),
    listPlans(services, caller),
    listOfflineRequests(services, caller, { queryParams: { pageSize: 100 } }),
  ]);
  return {
    businessName: user.business_name,
    onSale: settings.enableSubscription === "Yes",
    plans: plans.entities,
    requests: requests.entities,
    messages: routeMessages(request, "offline"),
  };
}
export type OfflinePaymentData = Awaited<ReturnType<typeof loadOfflinePayment>>;

/** POST /student/subscription/offline { planId }: the section's form, the same verb as POST /api/subscriptions/offline. */
export async function offlinePaymentAction(context: Readonly<RouterContextProvider>, request: Request) {
  requireUserType(context, request, "Student");
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  try {
    const { message, code, entity } = await askOfflinePayment(services, caller, { planId: field(form, "planId") });
    return actionSuccess({ message, code }, { id: entity.id });
  } catch (error) {
    return actionFailure(error);
  }
}

import { offlinePaymentAction } from "../../components/payments/offline-payment.server";
import type { Route } from "./+types/subscription-offline";

/** The student's "Pay by bank transfer" form posts here (ADR 0045), so the subscription page needs no action of its own. */
export function action({ context, request }: Route.ActionArgs) {
  return offlinePaymentAction(context, request);
}

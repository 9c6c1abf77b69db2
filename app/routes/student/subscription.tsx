import { ComingSoon } from "../../components/layout/ComingSoon";
import { loadOfflinePayment } from "../../components/payments/offline-payment.server";
import { OfflinePaymentSection } from "../../components/payments/OfflinePaymentSection";
import type { Route } from "./+types/subscription";

/** Spec 2.4: subscription plans (arrives with the subscriptions issue); offline payment (ADR 0045) at the end. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // loadOfflinePayment lets Students only (requireUserType).
  return { offline: await loadOfflinePayment(context, request) };
}

export default function StudentSubscription({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ComingSoon titleKey="pages.subscription" />
      <OfflinePaymentSection data={loaderData.offline} />
    </>
  );
}

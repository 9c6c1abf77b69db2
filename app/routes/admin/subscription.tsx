import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/subscription";

/** Spec 2.6: plans and payment settings (arrives with the subscriptions issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return null;
}

export default function PaymentSettings() {
  return <ComingSoon titleKey="pages.paymentSettings" />;
}

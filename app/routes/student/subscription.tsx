import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/subscription";

/** Spec 2.4: subscription plans (arrives with the subscriptions issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  return null;
}

export default function StudentSubscription() {
  return <ComingSoon titleKey="pages.subscription" />;
}

import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/dashboard";

/** Spec 2.1: the breadcrumb home; its contents arrive in a later release. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function Dashboard() {
  return <ComingSoon titleKey="pages.dashboard" />;
}

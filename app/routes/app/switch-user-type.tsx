import { redirect } from "react-router";
import { deviceOf } from "../../../api/services/auth/sessions";
import { switchUserType } from "../../../api/services/auth/switch-user-type";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { callerOf, requireUser } from "../../utils/guards.server";
import { orRouteError, redirectWithSession } from "../../utils/responses.server";
import type { Route } from "./+types/switch-user-type";

/**
 * POST: the header's 'Switch to Teacher' / 'Switch to Student' (spec 4). The verb checks
 * the rule and issues a new session for the new user type; its cookies replace the old
 * ones and the user lands on the new area's quiz pool.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const result = await orRouteError(() => switchUserType(services, caller, deviceOf(request.headers)));
  return redirectWithSession(services.config, result, result.redirectTo);
}

/** Nothing to show on GET. */
export function loader() {
  throw redirect("/");
}

export default function SwitchUserType() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

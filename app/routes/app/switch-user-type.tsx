import { data, redirect } from "react-router";
import { sessionCookieHeaders } from "../../../api/services/auth/cookies";
import { switchUserType } from "../../../api/services/auth/switch-user-type";
import { AppError } from "../../../api/errors";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { sessionContext } from "../../middleware/session.server";
import { requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/switch-user-type";

/**
 * POST: the header's 'Switch to Teacher' / 'Switch to Student' (spec 4). The verb checks
 * the rule and issues a new session for the new user type; its cookies replace the old
 * ones and the user lands on the new area's quiz pool.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const { caller } = context.get(sessionContext);
  if (!caller) throw redirect("/auth/login");
  const services = context.get(servicesContext);
  try {
    const result = await switchUserType(services, caller);
    const headers = new Headers();
    for (const cookie of sessionCookieHeaders(services.config, result)) headers.append("Set-Cookie", cookie);
    return redirect(result.redirectTo, { headers });
  } catch (error) {
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
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

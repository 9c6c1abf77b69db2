import { redirect } from "react-router";
import { adoptBrowserTimeZone } from "../../../api/services/admin-settings/adopt-browser-time-zone";
import { servicesContext } from "../../context";
import { actionFailure, field } from "../../utils/form-answers.server";
import { callerOf, requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/adopt-time-zone";

/**
 * POST from the owner's browser while the school has no zone (ADR 0082, second addendum): the
 * browser's zone becomes the school's. The chrome posts it once (use-adopt-browser-zone.ts);
 * the verb refuses anyone but the owner and never replaces a zone already set. The loaders
 * then run again, so the page the owner is on moves to the school's clock at once.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const form = await request.formData();
  try {
    return await adoptBrowserTimeZone(context.get(servicesContext), callerOf(context, request), { timeZone: field(form, "timeZone") });
  } catch (error) {
    return actionFailure(error);
  }
}

/** Nothing to show on GET. */
export function loader() {
  throw redirect("/");
}

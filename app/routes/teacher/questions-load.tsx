import { redirect } from "react-router";
import { bankPath } from "../../components/bank/paths";
import { requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/questions-load";

/** Spec 2.5: /teacher/questions/load/{course}/{category} preselects; the bank's own URL puts category first. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  throw redirect(bankPath(params.category, params.course));
}

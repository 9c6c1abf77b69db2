import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/feedback";

/** Spec 2.5: feedback on questions (arrives with the feedback issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Teacher");
  return null;
}

export default function Feedback() {
  return <ComingSoon titleKey="pages.feedback" />;
}

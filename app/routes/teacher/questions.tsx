import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/questions";

/** Spec 2.5: the question bank (arrives with the question bank issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Teacher");
  return null;
}

export default function Questions() {
  return <ComingSoon titleKey="pages.questions" />;
}

import { ComingSoon } from "../../components/layout/ComingSoon";
import { requireOwner } from "../../utils/guards.server";
import type { Route } from "./+types/quiz-setting";

/** Spec 2.6: which quiz options teachers may use (arrives with the admin settings issue). */
export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  return null;
}

export default function QuizSetting() {
  return <ComingSoon titleKey="pages.quizSetting" />;
}

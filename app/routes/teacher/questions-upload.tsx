import { useNavigate, useSearchParams } from "react-router";
import { bankPath, pickerPath } from "../../components/bank/paths";
import { UploadQuestionsDialog } from "../../components/bank/UploadQuestionsDialog";
import { requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/questions-upload";

/**
 * Spec 2.5 child modal /teacher/questions/uploadCSV?category=…&course=… (over step 1 with the
 * pair preselected). The dialog talks to /api itself: the upload needs XMLHttpRequest for
 * its progress bar, and the import answers at once ('data is being processed'); the dialog then
 * polls the import's record for its progress and summary (docs/decisions/0047).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  return null;
}

export default function UploadQuestions() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const category = params.get("category");
  const course = params.get("course");
  return (
    <UploadQuestionsDialog
      category={category}
      course={course}
      // Back to the bank it was opened from (reloaded, so imported questions show once stored).
      onClose={() => navigate(category && course ? bankPath(category, course) : pickerPath({}))}
    />
  );
}

import { certificatePdfResponse } from "../../components/results/certificate-pdf-response.server";
import { requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/stats-certificate-pdf";

/**
 * The teacher's certificate dialog's Download link (/teacher/quiz/{id}/{qId}/certificate.pdf):
 * the same PDF the student gets, for the quiz's teacher and the owner (issue-certificate.ts).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  return certificatePdfResponse(context, request, params.qId);
}

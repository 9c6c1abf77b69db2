import { certificatePdfResponse } from "../../components/results/certificate-pdf-response.server";
import type { Route } from "./+types/board-certificate-pdf";

/**
 * The leader board's download dialog's PDF (/leaderBoard/{id}/certificate.pdf): the same PDF
 * the student gets, by the same verb. The board's row actions are the owner's (spec 6), and
 * the verb lets the quiz's teacher and the owner read a result whatever user type the owner
 * is acting as (api/services/core/permissions.ts mayReadQuizResults); anyone else gets 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return certificatePdfResponse(context, request, params.id);
}

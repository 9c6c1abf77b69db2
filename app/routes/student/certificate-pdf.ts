import { certificatePdfResponse } from "../../components/results/certificate-pdf-response.server";
import { requireUserType } from "../../utils/guards.server";
import type { Route } from "./+types/certificate-pdf";

/** The student's certificate dialog's Download link: the PDF of their own finished attempt (certificate-pdf-response.server.ts). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  return certificatePdfResponse(context, request, params.id);
}

import { studentReportCsv } from "../../../api/services/reports/report-csv";
import { studentReport } from "../../../api/services/reports/student-report";
import { reportCsv } from "../../components/reports/report-loader.server";
import type { Route } from "./+types/report-student-csv";

/** /teacher/reports/student/{userId}/report.csv: the report page's "Download CSV", the same file as POST /api/reports/student { format: "csv" } (ADR 0081). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return reportCsv(context, request, (services, caller) => studentReport(services, caller, { userId: params.userId, format: "csv" }), studentReportCsv);
}

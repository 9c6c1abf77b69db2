import { classReport } from "../../../api/services/reports/class-report";
import { classReportCsv } from "../../../api/services/reports/report-csv";
import { reportCsv } from "../../components/reports/report-loader.server";
import type { Route } from "./+types/report-class-csv";

/** /teacher/reports/class/{classId}/report.csv: the grid page's "Download CSV", the same file as POST /api/reports/class { format: "csv" } (ADR 0081). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return reportCsv(context, request, (services, caller) => classReport(services, caller, { classId: params.classId, format: "csv" }), classReportCsv);
}

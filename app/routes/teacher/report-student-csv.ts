import { studentReportCsv } from "../../../api/services/reports/report-csv";
import { studentReport } from "../../../api/services/reports/student-report";
import { csvFailure, csvResponse } from "../../components/board/csv-response.server";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/report-student-csv";

/** /teacher/reports/student/{userId}/report.csv: the report page's "Download CSV", the same file as POST /api/reports/student { format: "csv" } (ADR 0081). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  try {
    const { data } = await studentReport(services, callerOf(context, request), { userId: params.userId, format: "csv" });
    return csvResponse(studentReportCsv(data, services.now().toISOString().slice(0, 10)));
  } catch (error) {
    return csvFailure(error);
  }
}

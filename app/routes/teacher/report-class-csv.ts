import { classReport } from "../../../api/services/reports/class-report";
import { classReportCsv } from "../../../api/services/reports/report-csv";
import { csvFailure, csvResponse } from "../../components/board/csv-response.server";
import { servicesContext } from "../../context";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { Route } from "./+types/report-class-csv";

/** /teacher/reports/class/{classId}/report.csv: the grid page's "Download CSV", the same file as POST /api/reports/class { format: "csv" } (ADR 0081). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  try {
    const { data } = await classReport(services, callerOf(context, request), { classId: params.classId, format: "csv" });
    return csvResponse(classReportCsv(data, services.now().toISOString().slice(0, 10)));
  } catch (error) {
    return csvFailure(error);
  }
}

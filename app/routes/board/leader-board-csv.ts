import { exportResults } from "../../../api/services/export/export-results";
import { boardQueryParams, readBoardUrl } from "../../components/board/board-url";
import { csvFailure, csvResponse } from "../../components/board/csv-response.server";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import type { Route } from "./+types/leader-board-csv";

/**
 * /leaderBoard.csv?quiz=&category=&sort=&order=: the board's Export CSV link, by the same
 * verb as POST /api/takenQuiz/export (every signed-in user; e-mails only for the owner).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const caller = callerOf(context, request);
  const { filter, sortField, sortOrder } = boardQueryParams(readBoardUrl(new URL(request.url).searchParams));
  try {
    return csvResponse(await exportResults(context.get(servicesContext), caller, { queryParams: { filter, sortField, sortOrder } }));
  } catch (error) {
    return csvFailure(error);
  }
}

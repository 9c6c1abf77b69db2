import { exportResults } from "../../../api/services/export/export-results";
import { boardClassId, boardQueryParams, readBoardUrl } from "../../components/board/board-url";
import { csvFailure, csvResponse } from "../../components/board/csv-response.server";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import type { Route } from "./+types/leader-board-csv";

/**
 * /leaderBoard.csv?quiz=&category=&classId=&sort=&order=: the board's Export CSV link, by the
 * same verb as POST /api/takenQuiz/export (every signed-in user; e-mails only for the owner; a
 * class only for its teachers and the owner, ADR 0080).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const caller = callerOf(context, request);
  const state = readBoardUrl(new URL(request.url).searchParams);
  const { filter, sortField, sortOrder } = boardQueryParams(state);
  try {
    return csvResponse(await exportResults(context.get(servicesContext), caller, { queryParams: { filter, sortField, sortOrder }, classId: boardClassId(state) }));
  } catch (error) {
    return csvFailure(error);
  }
}

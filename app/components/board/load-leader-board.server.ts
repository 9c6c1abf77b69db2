import type { RouterContextProvider } from "react-router";
import { mayActOnLeaderBoardRows, mayEmailFromLeaderBoard } from "../../../api/services/core/permissions";
import { listBoardChoices } from "../../../api/services/leader-board/board-choices";
import { listLeaderBoard } from "../../../api/services/leader-board/list-leader-board";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import { boardQueryParams, readBoardUrl } from "./board-url";
import { routeMessages } from "../../i18n/route-messages";

/**
 * What both leader board pages (/leaderBoard, /admin/leaderBoard) load: one page of the
 * board by the URL's filters, the dropdowns' choices, and which row actions the caller gets
 * (permissions.ts: the owner acts on rows; e-mail not while acting as a Student). The same
 * verbs as POST /api/takenQuiz/fetchAllTakenQuiz and GET /api/takenQuiz/fetchQuizNames.
 */
export async function loadLeaderBoard(context: Readonly<RouterContextProvider>, request: Request) {
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const query = readBoardUrl(new URL(request.url).searchParams);
  const [page, choices] = await Promise.all([listLeaderBoard(services, caller, { queryParams: boardQueryParams(query) }), listBoardChoices(services, caller)]);
  return { ...page, choices, query, mayAct: mayActOnLeaderBoardRows(caller), mayEmail: mayEmailFromLeaderBoard(caller), messages: routeMessages(request, "board") };
}

export type LeaderBoardData = Awaited<ReturnType<typeof loadLeaderBoard>>;

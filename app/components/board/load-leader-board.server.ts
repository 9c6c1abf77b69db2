import type { RouterContextProvider } from "react-router";
import { mayActOnLeaderBoardRows, mayEmailFromLeaderBoard } from "../../../api/services/core/permissions";
import { listBoardChoices } from "../../../api/services/leader-board/board-choices";
import { boardViewOf, listLeaderBoard } from "../../../api/services/leader-board/list-leader-board";
import { adminSettingRow } from "../../../api/services/admin-settings/get-admin-setting";
import { servicesContext } from "../../context";
import { callerOf } from "../../utils/guards.server";
import { boardClassId, boardQueryParams, readBoardUrl } from "./board-url";
import { classChoices } from "../../../api/services/classes/class-choices";
import { chosenClassId } from "../class-filter/class-filter-url";
import { routeMessages } from "../../i18n/route-messages";
import { loaderFailure } from "../../utils/loader-failure.server";

/**
 * What both leader board pages (/leaderBoard, /admin/leaderBoard) load: one page of the
 * board by the URL's filters, the dropdowns' choices, and which row actions the caller gets
 * (permissions.ts: the owner acts on rows; e-mail not while acting as a Student). The same
 * verbs as POST /api/takenQuiz/fetchAllTakenQuiz and GET /api/takenQuiz/fetchQuizNames.
 */
export async function loadLeaderBoard(context: Readonly<RouterContextProvider>, request: Request) {
  const caller = callerOf(context, request);
  const services = context.get(servicesContext);
  const messages = routeMessages(request, "board");
  // ADR 0076: a student's board the owner turned off says so; an anonymous one is never in name order.
  const view = await boardViewOf(services, caller);
  if (view === "Off") return { off: true as const, messages };
  const url = new URL(request.url).searchParams;
  const asked = readBoardUrl(url);
  const query = view === "Anonymous" && asked.sortField !== "percentage" && asked.sortField !== "id" ? { ...asked, sortField: "percentage" as const, sortOrder: "desc" as const } : asked;
  const mayAct = mayActOnLeaderBoardRows(caller);
  // A class in the URL the caller may not filter by (any, for a student) is the 404 page, as a bad id is.
  const [page, choices, setting, classes] = await Promise.all([
    listLeaderBoard(services, caller, { queryParams: boardQueryParams(query), classId: boardClassId(query) }),
    listBoardChoices(services, caller),
    // Only the owner's row actions offer certificates: whether one is issued below the pass mark (ADR 0076).
    mayAct ? adminSettingRow(services, caller.businessId) : null,
    // The classes the caller may filter by (ADR 0080): none for a student, whose board never offers the filter.
    classChoices(services, caller),
  ]).catch((error: unknown) => {
    throw loaderFailure(error);
  });
  const completionCertificateBelowPass = setting?.completionCertificateBelowPass ?? false;
  return { off: false as const, ...page, choices, classes, classId: chosenClassId(url), query, mayAct, mayEmail: mayEmailFromLeaderBoard(caller), completionCertificateBelowPass, messages };
}

export type LeaderBoardData = Awaited<ReturnType<typeof loadLeaderBoard>>;

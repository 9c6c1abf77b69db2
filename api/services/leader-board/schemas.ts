import { z } from "@hono/zod-openapi";
import { ClassFilterField } from "../classes/class-filter";
import { listQuery } from "../listing/list-query";
import { LEADER_BOARD_SORT_FIELDS } from "./sort-fields";

/** Our own texts (the spec has none for these). */
export const BOARD_MESSAGES = {
  filterText: (field: string) => `filter.${field} must be text`,
  filterLength: (field: string, max: number) => `filter.${field} must be at most ${max} characters`,
} as const;

/** Longest filter value: a quiz or category name, or a part of a student's name. */
export const MAX_BOARD_FILTER = 200;

const filterText = (field: string) =>
  z
    .string({ error: BOARD_MESSAGES.filterText(field) })
    .trim()
    .max(MAX_BOARD_FILTER, BOARD_MESSAGES.filterLength(field, MAX_BOARD_FILTER))
    // "" (the UI's "All") is no filter, like a missing field.
    .transform((value) => value || undefined)
    .optional();

/**
 * The leader board's filter (decisions.md "Results lists"): the quiz's name and category as
 * chosen in the dropdowns (exact, as fetchQuizNames lists them), and a part of the student's
 * name. A missing one means All. The spec's `studentEmail` is not accepted (dropped): the
 * board is every user's, and a student must not be able to probe classmates' addresses.
 */
export const LeaderBoardFilter = z.object({
  quizName: filterText("quizName"),
  quizCategory: filterText("quizCategory"),
  studentName: filterText("studentName"),
});
export type LeaderBoardFilter = z.output<typeof LeaderBoardFilter>;

/**
 * POST /api/takenQuiz/fetchAllTakenQuiz { queryParams, classId? }: percentage descending unless
 * told; `classId` keeps the class's members (ADR 0080: its teachers and the owner only).
 */
export const LeaderBoardQuery = listQuery({
  filter: LeaderBoardFilter,
  sortFields: LEADER_BOARD_SORT_FIELDS,
  defaultSortField: "percentage",
  defaultSortOrder: "desc",
}).extend({ classId: ClassFilterField });
export type LeaderBoardQuery = z.input<typeof LeaderBoardQuery>;
export type LeaderBoardParams = z.output<typeof LeaderBoardQuery>["queryParams"];

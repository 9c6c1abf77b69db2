import { describe, expect, it } from "vitest";
import { togglesBoardDialog } from "./board-dialogs";
import { boardClassId, boardCsvHref, boardQueryParams, readBoardUrl } from "./board-url";

describe("the board's URL", () => {
  it("defaults to All, percentage descending, page 1 of 10; odd values fall back", () => {
    expect(readBoardUrl(new URLSearchParams(""))).toEqual({ quiz: "", category: "", classId: "", sortField: "percentage", sortOrder: "desc", page: 1, size: 10 });
    expect(readBoardUrl(new URLSearchParams("sort=email&order=up&page=-1&size=7"))).toMatchObject({ sortField: "percentage", sortOrder: "desc", page: 1, size: 10 });
    expect(readBoardUrl(new URLSearchParams("sort=studentName&order=asc&page=3&size=50&quiz=Optics&category=Physics"))).toEqual({
      quiz: "Optics",
      category: "Physics",
      classId: "",
      sortField: "studentName",
      sortOrder: "asc",
      page: 3,
      size: 50,
    });
  });

  it("cuts a filter to the API's 200 characters, so a long URL never turns into a 400", () => {
    expect(readBoardUrl(new URLSearchParams(`quiz=${"x".repeat(100_000)}`)).quiz).toHaveLength(200);
  });

  it("gives the API All as no filter, and the CSV link the filters and order but not the page", () => {
    const state = readBoardUrl(new URLSearchParams("category=Physics%20%26%20Optics&sort=id&order=asc&page=4"));
    expect(boardQueryParams(state)).toEqual({ filter: { quizName: undefined, quizCategory: "Physics & Optics" }, sortField: "id", sortOrder: "asc", pageNumber: 4, pageSize: 10 });
    expect(boardCsvHref(state)).toBe("/leaderBoard.csv?category=Physics+%26+Optics&sort=id&order=asc");
  });

  it("keeps the class (ADR 0080) for the API beside queryParams and in the CSV link; none without one", () => {
    const state = readBoardUrl(new URLSearchParams("classId=12&quiz=Optics"));
    expect(boardClassId(state)).toBe("12");
    expect(boardCsvHref(state)).toBe("/leaderBoard.csv?quiz=Optics&classId=12&sort=percentage&order=desc");
    expect(boardClassId(readBoardUrl(new URLSearchParams("classId=")))).toBeUndefined();
  });
});

describe("togglesBoardDialog", () => {
  const at = (pathname: string, search = "") => ({ pathname, search });
  it("is true only for opening or closing a row dialog over the same board view", () => {
    expect(togglesBoardDialog(at("/admin/leaderBoard", "?quiz=A"), at("/admin/leaderBoard/12/download", "?quiz=A"))).toBe(true);
    expect(togglesBoardDialog(at("/leaderBoard/12/email"), at("/leaderBoard"))).toBe(true);
    expect(togglesBoardDialog(at("/leaderBoard", "?quiz=A"), at("/leaderBoard", "?quiz=B"))).toBe(false);
    expect(togglesBoardDialog(at("/leaderBoard", "?quiz=A"), at("/leaderBoard/12/download", "?quiz=B"))).toBe(false);
    expect(togglesBoardDialog(at("/leaderBoard"), at("/admin/leaderBoard/3/download"))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { readQuizStatsQuery, statsPaths } from "./stats-query";

describe("readQuizStatsQuery", () => {
  it("defaults to student name ascending, page 1 of 10, no search", () => {
    expect(readQuizStatsQuery(new URLSearchParams())).toEqual({ search: "", sortField: "studentName", sortOrder: "asc", page: 1, size: 10 });
  });

  it("reads a search (trimmed, at most 200 characters), a known sort and the paging; falls back on anything else", () => {
    expect(readQuizStatsQuery(new URLSearchParams({ search: "  ada ", sort: "percentage", order: "desc", page: "3", size: "50" }))).toEqual({ search: "ada", sortField: "percentage", sortOrder: "desc", page: 3, size: 50 });
    expect(readQuizStatsQuery(new URLSearchParams({ search: "x".repeat(100_000), sort: "password", order: "up", page: "-2", size: "1000" }))).toEqual({ search: "x".repeat(200), sortField: "studentName", sortOrder: "asc", page: 1, size: 10 });
  });

  it("names the paths around the stats as the spec does", () => {
    expect([statsPaths.page(4), statsPaths.download(4, 9), statsPaths.email(4, 9), statsPaths.csv(4), statsPaths.analysis(4)]).toEqual([
      "/teacher/quiz/4/viewStats",
      "/teacher/quiz/4/9/download",
      "/teacher/quiz/4/9/email",
      "/teacher/quiz/4/viewStats.csv",
      "/teacher/quiz/4/analysis",
    ]);
  });
});

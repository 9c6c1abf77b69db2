import { describe, expect, it } from "vitest";
import { pageCount, pageWindow, readPaging } from "./paging";

describe("readPaging", () => {
  it("defaults to page 1 of 10", () => {
    expect(readPaging(new URLSearchParams())).toEqual({ page: 1, size: 10 });
  });

  it("accepts the spec's page sizes only", () => {
    expect(readPaging(new URLSearchParams("page=3&size=30"))).toEqual({ page: 3, size: 30 });
    expect(readPaging(new URLSearchParams("size=1000"))).toEqual({ page: 1, size: 10 });
    expect(readPaging(new URLSearchParams("page=0&size=5"))).toEqual({ page: 1, size: 10 });
    expect(readPaging(new URLSearchParams("page=2.5"))).toEqual({ page: 1, size: 10 });
    expect(readPaging(new URLSearchParams("page=abc"))).toEqual({ page: 1, size: 10 });
  });
});

describe("pageCount", () => {
  it("is at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it("leaves gaps around the current page", () => {
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10]);
  });

  it("shows a single missing page instead of a gap", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });
});

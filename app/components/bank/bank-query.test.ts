import { describe, expect, it } from "vitest";
import { sortHref } from "../layout/list-url";
import { readBankQuery } from "./bank-query";

describe("the bank's list state in its URL", () => {
  it("defaults to question text ascending, page 1 of 10", () => {
    expect(readBankQuery(new URLSearchParams())).toEqual({ search: "", tag: "", type: "", sortField: "questionText", sortOrder: "asc", page: 1, size: 10 });
  });

  it("keeps known values and drops odd ones", () => {
    const query = readBankQuery(new URLSearchParams("search=%20rome%20&tag=history&type=cloze&sort=thumbsUpCount&order=desc&page=3&size=20"));
    expect(query).toEqual({ search: "rome", tag: "history", type: "cloze", sortField: "thumbsUpCount", sortOrder: "desc", page: 3, size: 20 });
    expect(readBankQuery(new URLSearchParams("sort=password&order=sideways&page=-1&size=7&type=dropdown"))).toMatchObject({ type: "", sortField: "questionText", sortOrder: "asc", page: 1, size: 10 });
  });

  it("flips the order on the same column and goes back to page 1", () => {
    const params = new URLSearchParams("search=x&page=4");
    const current = readBankQuery(params);
    expect(sortHref(params, current, "questionText")).toBe("?search=x&sort=questionText&order=desc");
    expect(sortHref(params, current, "thumbsUpCount")).toBe("?search=x&sort=thumbsUpCount&order=asc");
  });
});

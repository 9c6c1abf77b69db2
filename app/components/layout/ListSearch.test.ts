import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/create-i18n";
import { ListSearch, type ListSearchProps } from "./ListSearch";

/** The one search toolbar (docs/decisions/0036), rendered as the server renders it. */
function render(props: Partial<ListSearchProps> = {}) {
  const toolbar = () =>
    createElement(ListSearch, {
      label: "Search quizzes",
      fieldLabel: "Quiz name",
      submitLabel: "Search",
      search: "alg",
      keep: { sort: "quizName", order: "desc", size: 20, show: undefined, empty: "" },
      ...props,
    });
  const Page = createRoutesStub([{ path: "/list", Component: toolbar }]);
  const page = createElement(Page, { initialEntries: ["/list?search=alg&page=3&sort=quizName&order=desc&size=20"] });
  return renderToString(createElement(I18nextProvider, { i18n: createI18n("en") }, page));
}

describe("ListSearch", () => {
  it("is a named GET search form over the list's URL, with the search box filled in", () => {
    const html = render();
    expect(html).toMatch(/<form role="search" aria-label="Search quizzes" class="list-search"[^>]* method="get">/);
    expect(html).toMatch(/<input[^>]*type="search"[^>]*name="search"[^>]*value="alg"|<input[^>]*name="search"[^>]*value="alg"/);
    expect(html).toContain(">Quiz name</label>");
  });

  it("keeps the sort, order and size (and any view) but never the page, so a new search starts at page 1", () => {
    const html = render();
    expect(html).toContain('<input type="hidden" name="sort" value="quizName"/>');
    expect(html).toContain('<input type="hidden" name="order" value="desc"/>');
    expect(html).toContain('<input type="hidden" name="size" value="20"/>');
    expect(html).not.toContain('name="page"');
    expect(html).not.toContain('name="show"');
    expect(html).not.toContain('name="empty"');
  });

  it("shows the count, extra filters and leading content only when given", () => {
    expect(render()).not.toContain("list-toolbar__count");
    const full = render({ count: "12 quizzes", wide: true, children: createElement("span", null, "TAG FIELD"), leading: createElement("nav", null, "VIEWS") });
    expect(full).toContain('<p class="list-toolbar__count">12 quizzes</p>');
    expect(full).toContain('class="list-search list-search--wide"');
    expect(full.indexOf("VIEWS")).toBeLessThan(full.indexOf("<form"));
    expect(full.indexOf("TAG FIELD")).toBeGreaterThan(full.indexOf('name="search"'));
  });
});

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../i18n/create-i18n";
import { type ListColumn, ListTable, type ListTableProps } from "./ListTable";

/**
 * The one list table (docs/decisions/0036): the markup every list relies on (shell.css's
 * stacked cards, the e2e specs' roles and texts), rendered as the server renders it.
 */
interface Row {
  id: number;
  name: string;
  score: number;
}
type Field = "name" | "score";

const columns: ListColumn<Row, Field>[] = [
  { id: "name", header: "Name", sortField: "name", className: "demo-table__name", cell: (row) => row.name },
  { id: "score", header: "Score", sortField: "score", className: "demo-table__number", labelOnCard: true, cell: (row) => row.score },
  { id: "note", header: "Note", labelOnCard: true, cell: () => "—" },
];
const ROWS: Row[] = [
  { id: 1, name: "Ada", score: 9 },
  { id: 2, name: "Bob", score: 7 },
];

function render(props: Partial<ListTableProps<Row, Field>> = {}, url = "/list?search=a&page=3") {
  const table = () =>
    createElement(ListTable<Row, Field>, {
      columns,
      rows: ROWS,
      rowKey: (row) => row.id,
      caption: "Demo list",
      className: "demo-table",
      loading: false,
      emptyText: "No records found",
      sort: { state: { sortField: "name", sortOrder: "asc" }, linkClassName: "demo-table__sort" },
      ...props,
    });
  const Page = createRoutesStub([{ path: "/list", Component: table }]);
  return renderToString(createElement(I18nextProvider, { i18n: createI18n("en") }, createElement(Page, { initialEntries: [url] })));
}

describe("ListTable", () => {
  it("shows a column's headerContent (a select-all box) in its header, while the cards still name its cells by header", () => {
    const withBox: ListColumn<Row, Field>[] = [{ id: "pick", header: "Select", headerContent: createElement("input", { type: "checkbox", "aria-label": "Select all" }), labelOnCard: true, cell: () => "x" }, ...columns];
    const html = render({ columns: withBox });
    expect(html).toContain('<th scope="col"><input type="checkbox" aria-label="Select all"/></th>');
    expect(html).toContain('<td data-label="Select"><span class="shell-table__value">x</span></td>');
  });

  it("wraps a captioned shell-table with the list's class and says whether it is busy", () => {
    const html = render();
    expect(html).toContain('<div class="shell-table-wrap" aria-busy="false"><table class="shell-table demo-table">');
    expect(html).toContain('<caption class="ui-visually-hidden">Demo list</caption>');
  });

  it("makes sortable headers links with aria-sort: the sorted one flips its order, another starts ascending, both back to page 1", () => {
    const html = render();
    expect(html).toContain('<th scope="col" aria-sort="ascending"><a class="demo-table__sort" href="/list?search=a&amp;sort=name&amp;order=desc" data-discover="true">Name<span aria-hidden="true"> ▲</span></a></th>');
    expect(html).toContain('<th scope="col" aria-sort="none"><a class="demo-table__sort" href="/list?search=a&amp;sort=score&amp;order=asc" data-discover="true">Score<span aria-hidden="true"></span></a></th>');
    expect(html).toContain('<th scope="col">Note</th>');
  });

  it("shows ▼ for a descending order, and no arrow at all when the list asks for none", () => {
    expect(render({ sort: { state: { sortField: "score", sortOrder: "desc" } } })).toContain('aria-sort="descending"><a href="/list?search=a&amp;sort=score&amp;order=asc" data-discover="true">Score<span aria-hidden="true"> ▼</span>');
    const plain = render({ sort: { state: { sortField: "name", sortOrder: "asc" }, arrows: false } });
    expect(plain).toContain('aria-sort="ascending"><a href="/list?search=a&amp;sort=name&amp;order=desc" data-discover="true">Name</a></th>');
    expect(plain).not.toContain("▲");
  });

  it("names a cell on the phone card (data-label) only where the column asks, and keeps each cell's class", () => {
    const html = render();
    expect(html).toContain('<tr><td class="demo-table__name">Ada</td><td class="demo-table__number" data-label="Score"><span class="shell-table__value">9</span></td><td data-label="Note"><span class="shell-table__value">—</span></td></tr>');
    expect(html.match(/<tr>/g)).toHaveLength(3); // header + 2 rows
  });

  it("shows one 'Please wait...' row across every column while loading, and no rows", () => {
    const html = render({ loading: true });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('<tbody><tr><td colSpan="3" class="shell-table__state">Please wait...</td></tr></tbody>');
    expect(html).not.toContain("Ada");
  });

  it("shows the list's empty text in one row when there are no rows", () => {
    expect(render({ rows: [] })).toContain('<tbody><tr><td colSpan="3" class="shell-table__state">No records found</td></tr></tbody>');
  });

  it("puts the spec's pager (10/20/30/50) under the table when the list pages, and none otherwise", () => {
    const paged = render({ pager: { total: 42, page: 2, size: 10 } });
    expect(paged.indexOf('class="shell-pager"')).toBeGreaterThan(paged.indexOf("</table>"));
    expect(paged).toContain("Showing 11 to 20 of 42");
    for (const size of [10, 20, 30, 50]) expect(paged).toContain(`<option value="${size}"`);
    expect(render()).not.toContain("shell-pager");
  });
});

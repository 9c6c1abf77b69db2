import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChartFigure } from "./ChartFigure";

/** The frame every item-analysis chart shares: its title names the figure and captions the numbers' table. */
describe("ChartFigure", () => {
  const html = renderToString(
    createElement(ChartFigure, {
      title: "Score distribution",
      caption: "Most scored 80–90 %.",
      columns: ["Band", "Attempts"],
      rows: [{ key: 80, heading: "80–90 %", cells: [7] }],
      children: createElement("svg", { "aria-hidden": "true" }),
    }),
  );

  it("names the figure by its title and says its finding in the caption, the drawing hidden from screen readers", () => {
    const titleId = /<h2 id="([^"]+)" class="analysis-chart__title">Score distribution<\/h2>/.exec(html)?.[1];
    expect(titleId).toBeTruthy();
    expect(html).toContain(`<figure class="analysis-chart panel" aria-labelledby="${titleId}">`);
    expect(html).toContain('<figcaption class="analysis-chart__caption panel-caption">Most scored 80–90 %.</figcaption>');
    expect(html).toContain('<svg aria-hidden="true">');
  });

  it("gives the same numbers as a table captioned with the title, in a visually hidden box that cannot widen a phone's page", () => {
    expect(html).toMatch(
      /<div class="ui-visually-hidden"><table><caption>Score distribution<\/caption><thead><tr><th scope="col">Band<\/th><th scope="col">Attempts<\/th><\/tr><\/thead><tbody><tr><th scope="row">80–90 %<\/th><td>7<\/td><\/tr><\/tbody><\/table><\/div>/,
    );
  });
});

import { type ReactNode, useId } from "react";

/** One row of a chart's numbers: its heading cell (a band, a day) and its values. */
export interface ChartRow {
  key: string | number;
  heading: ReactNode;
  cells: ReactNode[];
}

/**
 * What every chart of the item analysis is made of (ADR 0042): a titled figure, a caption that
 * says its finding in words, the drawing (children, hidden from screen readers) and the same
 * numbers as a table for them, captioned with the title. `columns` heads the table: the rows'
 * heading column first, then one per value.
 */
export function ChartFigure({ title, caption, columns, rows, children }: { title: string; caption: ReactNode; columns: string[]; rows: ChartRow[]; children: ReactNode }) {
  const titleId = `${useId()}-title`;
  return (
    <figure className="analysis-chart panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="analysis-chart__title">
        {title}
      </h2>
      <figcaption className="analysis-chart__caption panel-caption">{caption}</figcaption>
      {children}
      {/* A table is as wide as its cells whatever its own width says: hidden in a 1 px box, it cannot widen a phone's page. */}
      <div className="ui-visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.heading}</th>
                {row.cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

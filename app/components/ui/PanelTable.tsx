import type { ReactNode } from "react";

/** One column of a panel's table: its header (visually hidden for an actions column), its cell, and whether a phone's card names it. */
export interface PanelColumn<Row> {
  key: string;
  header: string;
  /** The header is for screen readers only (a column of buttons). */
  hiddenHeader?: boolean;
  /** `data-label` on each cell: stacked cards on phones say what the value is. */
  labelled?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface Props<Row> {
  /** The section's id stem: its heading is `<id>-title`. */
  id: string;
  title: string;
  className: string;
  titleClassName: string;
  hint?: ReactNode;
  hintClassName?: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: readonly (PanelColumn<Row> | false)[];
  /** What stands in the table's place while it has no rows. */
  empty: ReactNode;
  tableClassName?: string;
  /** A caption for screen readers (the heading already names the table for the eye). */
  caption?: string;
  /** The panel's messages and forms, under the table. */
  children?: ReactNode;
}

/**
 * A titled panel holding a table of a few rows, or what stands in its place when it has none: the
 * quiz view's extra time and overrides and the class page's results by quiz share this markup
 * (headings, a scrolling table box, hidden headers of action columns) rather than repeat it.
 */
export function PanelTable<Row>({ id, title, className, titleClassName, hint, hintClassName, rows, rowKey, columns, empty, tableClassName = "shell-table", caption, children }: Props<Row>) {
  const shown = columns.filter((column): column is PanelColumn<Row> => column !== false);
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={titleClassName}>
        {title}
      </h2>
      {hint && <p className={hintClassName}>{hint}</p>}
      {rows.length === 0 ? (
        empty
      ) : (
        <div className="shell-table-wrap">
          <table className={tableClassName}>
            {caption && <caption className="ui-visually-hidden">{caption}</caption>}
            <thead>
              <tr>
                {shown.map((column) => (
                  <th scope="col" key={column.key}>
                    {column.hiddenHeader ? <span className="ui-visually-hidden">{column.header}</span> : column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {shown.map((column) => (
                    <td key={column.key} className={column.className} data-label={column.labelled ? column.header : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {children}
    </section>
  );
}

type StudentPanelProps<Row> = Omit<Props<Row>, "className" | "titleClassName" | "hintClassName" | "rowKey"> & { id: "extra-time" | "overrides" };

/** A card of the quiz view listing students (extra time, overrides): its classes follow its id, its rows are keyed by student. */
export function QuizViewStudentsPanel<Row extends { userId: number }>({ id, ...rest }: StudentPanelProps<Row>) {
  return <PanelTable {...rest} id={id} className={`quiz-details__card ${id}`} titleClassName="quiz-details__title" hintClassName={`${id}__hint`} rowKey={(row) => row.userId} />;
}

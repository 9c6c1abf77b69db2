import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";

/** A class page's frame: the browser tab's title, the page heading (its own words, or the title), what stands above it. */
export function ClassesPage({ title, heading, before, children }: { title: string; heading?: ReactNode; before?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(["common"]);
  return (
    <section className="shell-page classes" aria-labelledby="page-title">
      <title>{`${title} · ${t("common:app.name")}`}</title>
      {before}
      <h1 id="page-title" className="shell-page__title">
        {heading ?? title}
      </h1>
      {children}
    </section>
  );
}

/** The one-line forms of the class pages (make a class, join one): a card with its heading, its fields in a row, then what it answered. */
export function ClassFormCard({ id, title, fields, children }: { id: string; title: string; fields: ReactNode; children?: ReactNode }) {
  return (
    <Form method="post" className="classes-create" aria-labelledby={id}>
      <h2 id={id} className="classes-create__title">
        {title}
      </h2>
      <div className="classes-create__fields">{fields}</div>
      {children}
    </Form>
  );
}

/** What a class page's list says when it has nothing in it. */
export function ClassesEmpty({ children }: { children: ReactNode }) {
  return <div className="shell-coming-soon__card classes-empty">{children}</div>;
}

/** A class list or roster: its empty card when there is nothing, else its table (head and body given). */
export function ClassesTable({ isEmpty, empty, caption, children }: { isEmpty: boolean; empty: ReactNode; caption?: string; children: ReactNode }) {
  if (isEmpty) return <ClassesEmpty>{empty}</ClassesEmpty>;
  return (
    <div className="shell-table-wrap">
      <table className="shell-table classes-table">
        {caption ? <caption className="ui-visually-hidden">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

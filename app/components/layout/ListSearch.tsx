import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../ui/Button";
import { TextField } from "../ui/TextField";

export interface ListSearchProps {
  /** The search landmark's name, e.g. "Search quizzes". */
  label: string;
  /** The search box's own label. */
  fieldLabel: string;
  submitLabel: string;
  /** The search as the URL has it now. */
  search: string;
  maxLength?: number;
  /**
   * What a new search keeps from the URL: the sort, order and page size, a view the list is
   * in. Never the page: a new search starts at page 1 (spec 2.5).
   */
  keep?: Record<string, string | number | null | undefined>;
  /** More filters beside the search box (the bank's tag). */
  children?: ReactNode;
  /** Before the search, e.g. the users page's views. */
  leading?: ReactNode;
  /** At the toolbar's end, e.g. "12 quizzes". */
  count?: ReactNode;
  /** The fields share the row (several filters) instead of a fixed-width search box. */
  wide?: boolean;
}

/**
 * The search toolbar of every list (ADR 0036): a GET form, so the filter lives in the URL
 * and the back button and shared links keep it; the loader reads it and the list's table
 * (ListTable) shows the rows.
 */
export function ListSearch({ label, fieldLabel, submitLabel, search, maxLength = 200, keep = {}, children, leading, count, wide }: ListSearchProps) {
  return (
    <div className="list-toolbar">
      {leading}
      <Form method="get" role="search" aria-label={label} className={wide ? "list-search list-search--wide" : "list-search"}>
        <TextField name="search" type="search" label={fieldLabel} defaultValue={search} maxLength={maxLength} />
        {children}
        {Object.entries(keep).map(([name, value]) => (value === undefined || value === null || value === "" ? null : <input key={name} type="hidden" name={name} value={value} />))}
        <Button type="submit" variant="secondary">
          {submitLabel}
        </Button>
      </Form>
      {count !== undefined && <p className="list-toolbar__count">{count}</p>}
    </div>
  );
}

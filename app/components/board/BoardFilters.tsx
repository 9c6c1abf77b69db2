import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import type { BoardUrlState } from "./board-url";

/**
 * The board's two dropdowns (spec 2.7: quiz name and quiz category, each with All). A GET
 * form, so the filter lives in the URL; with JavaScript a change applies at once, without it
 * the Apply button does. Either way the page goes back to 1 (spec 4) and sort and size stay.
 */
export function BoardFilters({ query, quizNames, quizCategories }: { query: BoardUrlState; quizNames: string[]; quizCategories: string[] }) {
  const { t } = useTranslation("board");
  const submit = useSubmit();
  const id = useId();
  // Controlled, not re-keyed: a keyboard user who changes a dropdown keeps the focus on it
  // while the board reloads; the URL (back, forward, a link) still sets what it shows.
  const [chosen, setChosen] = useState({ quiz: query.quiz, category: query.category });
  useEffect(() => setChosen({ quiz: query.quiz, category: query.category }), [query.quiz, query.category]);
  // A name in the URL that is no longer offered still shows as chosen, so the view is honest.
  const withCurrent = (names: string[], current: string) => (current && !names.includes(current) ? [current, ...names] : names);
  const select = (name: "quiz" | "category", label: string, options: string[], current: string) => (
    <div className="ui-field board-filters__field">
      <label className="ui-field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={chosen[name]}
        onChange={(event) => setChosen((before) => ({ ...before, [name]: event.target.value }))}
        className="ui-input board-filters__select"
      >
        <option value="">{t("all")}</option>
        {withCurrent(options, current).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Form method="get" role="search" aria-label={t("filters")} className="board-filters" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}>
      {select("quiz", t("quizName"), quizNames, query.quiz)}
      {select("category", t("quizCategory"), quizCategories, query.category)}
      {/* The class (ADR 0080) is chosen by its own picker beside the form; a new quiz or category keeps it. */}
      {query.classId && <input type="hidden" name="classId" value={query.classId} />}
      <input type="hidden" name="sort" value={query.sortField} />
      <input type="hidden" name="order" value={query.sortOrder} />
      <input type="hidden" name="size" value={query.size} />
      <noscript>
        <button type="submit" className="ui-button ui-button--secondary">
          {t("apply")}
        </button>
      </noscript>
    </Form>
  );
}

import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import { PAGE_SIZES, pageCount, pageWindow } from "./paging";

/**
 * Paging for server-rendered lists (spec 9: sizes 10, 20, 30, 50). Pages are links and the
 * size is a GET form, so both work without JavaScript; with it, a new size applies at once.
 */
export function Pager({ total, page, size }: { total: number; page: number; size: number }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  const sizeId = useId();
  const pages = pageCount(total, size);
  const number = new Intl.NumberFormat(i18n.language);

  const hrefFor = (target: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(target));
    params.set("size", String(size));
    return `?${params}`;
  };
  // A page past the end (an old link) lists nothing: say so rather than "41 to 23 of 23".
  const first = (page - 1) * size + 1;
  const from = first > total ? 0 : first;
  const to = from === 0 ? 0 : Math.min(total, page * size);
  const kept = [...searchParams.entries()].filter(([name]) => name !== "page" && name !== "size");

  return (
    <div className="shell-pager">
      <p className="shell-pager__summary">
        {t("pager.summary", { from: number.format(from), to: number.format(to), total: number.format(total) })}
      </p>
      <nav aria-label={t("pager.label")}>
        <ul className="shell-pager__pages">
          <li>
            {page > 1 ? (
              <Link className="shell-pager__link" to={hrefFor(page - 1)} rel="prev">
                {t("pager.previous")}
              </Link>
            ) : (
              <span className="shell-pager__link" aria-disabled="true">
                {t("pager.previous")}
              </span>
            )}
          </li>
          {pageWindow(Math.min(page, pages), pages).map((target, index) =>
            target === null ? (
              <li key={`gap-${index}`} aria-hidden="true" className="shell-pager__gap">
                …
              </li>
            ) : (
              <li key={target}>
                <Link
                  className="shell-pager__link"
                  to={hrefFor(target)}
                  aria-current={target === page ? "page" : undefined}
                  aria-label={t("pager.page", { page: number.format(target) })}
                >
                  {number.format(target)}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < pages ? (
              <Link className="shell-pager__link" to={hrefFor(page + 1)} rel="next">
                {t("pager.next")}
              </Link>
            ) : (
              <span className="shell-pager__link" aria-disabled="true">
                {t("pager.next")}
              </span>
            )}
          </li>
        </ul>
      </nav>
      <Form method="get" className="shell-pager__size" onChange={(event) => submit(event.currentTarget)}>
        {kept.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="page" value="1" />
        <label htmlFor={sizeId}>{t("pager.pageSize")}</label>
        <select id={sizeId} name="size" defaultValue={String(size)} key={size} className="shell-pager__select">
          {PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="ui-button ui-button--secondary ui-button--sm">
            {t("pager.apply")}
          </button>
        </noscript>
      </Form>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "../ui/Button";
import { TextField } from "../ui/TextField";
import type { BankQuery } from "./bank-query";

/** Search by text and by tag (spec 2.5): a GET form, so the filter is in the URL; a new search starts at page 1. */
export function BankFilters({ query }: { query: BankQuery }) {
  const { t } = useTranslation("bank");
  return (
    <Form method="get" className="bank-filters" role="search" aria-label={t("list.searchLabel")}>
      <TextField name="search" label={t("list.search")} defaultValue={query.search} maxLength={200} type="search" />
      <TextField name="tag" label={t("list.tag")} defaultValue={query.tag} maxLength={50} />
      <input type="hidden" name="sort" value={query.sortField} />
      <input type="hidden" name="order" value={query.sortOrder} />
      <input type="hidden" name="size" value={query.size} />
      <Button type="submit" variant="secondary" className="bank-filters__submit">
        {t("list.apply")}
      </Button>
    </Form>
  );
}

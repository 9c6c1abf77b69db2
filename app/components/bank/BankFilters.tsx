import { useTranslation } from "react-i18next";
import { ListSearch } from "../layout/ListSearch";
import { TextField } from "../ui/TextField";
import type { BankQuery } from "./bank-query";

/** Search by text and by tag (spec 2.5): a GET form, so the filter is in the URL; a new search starts at page 1. */
export function BankFilters({ query }: { query: BankQuery }) {
  const { t } = useTranslation("bank");
  return (
    <ListSearch
      label={t("list.searchLabel")}
      fieldLabel={t("list.search")}
      submitLabel={t("list.apply")}
      search={query.search}
      keep={{ sort: query.sortField, order: query.sortOrder, size: query.size }}
      wide
    >
      <TextField name="tag" label={t("list.tag")} defaultValue={query.tag} maxLength={50} />
    </ListSearch>
  );
}

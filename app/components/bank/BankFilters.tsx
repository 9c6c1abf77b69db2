import { useTranslation } from "react-i18next";
import { ListSearch } from "../layout/ListSearch";
import { OPTION_TYPES } from "../../../db/schema/questions";
import { Select } from "../ui/Select";
import { TextField } from "../ui/TextField";
import type { BankQuery } from "./bank-query";

/** Every type, or one (the select's "all" sends no type). */
const ALL_TYPES = "all";

/** Search by text, by tag (spec 2.5) and by type (issue 26): a GET form, so the filter is in the URL; a new search starts at page 1. */
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
      <Select
        name="type"
        label={t("list.typeFilter")}
        defaultSelectedKey={query.type || ALL_TYPES}
        options={[{ id: ALL_TYPES, label: t("list.allTypes") }, ...OPTION_TYPES.map((type) => ({ id: type, label: t(`list.optionType.${type}`) }))]}
      />
    </ListSearch>
  );
}

import { OPTION_TYPES, type OptionType } from "../../../db/schema/questions";
import { QUESTION_SORT_FIELDS } from "../../../api/services/questions/sort-fields";
import { type ListUrlState, readListUrl } from "../layout/list-url";

export type QuestionSortField = (typeof QUESTION_SORT_FIELDS)[number];

export interface BankQuery extends ListUrlState<QuestionSortField> {
  search: string;
  tag: string;
  /** One type of question (decisions.md `optionType`), or "" for every type. */
  type: OptionType | "";
}

/**
 * The bank's list state from its URL: search, tag and type, plus sort and page. Defaults: the
 * spec's question text ascending, page 1, 10 rows.
 */
export function readBankQuery(params: URLSearchParams): BankQuery {
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    tag: (params.get("tag") ?? "").trim().slice(0, 50),
    type: OPTION_TYPES.find((type) => type === params.get("type")) ?? "",
    ...readListUrl(params, QUESTION_SORT_FIELDS, { sortField: "questionText" }),
  };
}

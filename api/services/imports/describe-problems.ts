import type { TFunction } from "i18next";
import type { RowProblem } from "./reasons";

/**
 * One rejected row's reasons as a sentence: each rule's message, with the CSV column it
 * concerns. `t` reads the `imports` messages (locales/<lang>/imports.json): the e-mail's
 * translator on the server, the upload dialog's on the page, so both say the same words.
 */
export function describeProblems(t: TFunction, problems: RowProblem[]): string {
  return problems
    .map(({ code, values, column }) => {
      const reason = t(`reasons.${code}`, values ?? {});
      return column === undefined ? reason : t("inColumn", { reason, column });
    })
    .join(t("separator"));
}

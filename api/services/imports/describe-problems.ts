import type { TFunction } from "i18next";

/**
 * One rejected row's reasons as a sentence: each rule's message, with the CSV column it
 * concerns (a RowProblem of reasons.ts, or its JSON as the API answers it). `t` reads the `imports` messages (locales/<lang>/imports.json): the e-mail's
 * translator on the server, the upload dialog's on the page, so both say the same words.
 */
/** A RowProblem as stored and answered (its code as a string). */
export interface ProblemText {
  code: string;
  values?: Record<string, string | number>;
  column?: string;
}

export function describeProblems(t: TFunction, problems: readonly ProblemText[]): string {
  return problems
    .map(({ code, values, column }) => {
      const reason = t(`reasons.${code}`, values ?? {});
      return column === undefined ? reason : t("inColumn", { reason, column });
    })
    .join(t("separator"));
}

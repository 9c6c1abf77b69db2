import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** "Your answer: …" and, when the key may be seen, "Right answer: …", as a description list. */
export function GivenAndRight({ given, right }: { given: ReactNode; right?: ReactNode }) {
  const { t } = useTranslation("results");
  return (
    <dl className="result-review">
      <div>
        <dt>{t("answers.yourAnswer")}</dt>
        <dd>{given ?? <span className="result__note">{t("types.noAnswer")}</span>}</dd>
      </div>
      {right !== undefined && right !== null && (
        <div>
          <dt>{t("answers.rightAnswer")}</dt>
          <dd>{right}</dd>
        </div>
      )}
    </dl>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useGivenLabelKey } from "./review-reader";

/** "Your answer: …" and, when the key may be seen, "Right answer: …", as a description list. */
export function GivenAndRight({ given, right }: { given: ReactNode; right?: ReactNode }) {
  const { t } = useTranslation("results");
  const givenLabel = useGivenLabelKey();
  return (
    <dl className="result-review">
      <div>
        <dt>{t(givenLabel)}</dt>
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

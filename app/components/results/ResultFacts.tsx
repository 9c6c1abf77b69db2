import { useTranslation } from "react-i18next";

/** A result's facts as label and value pairs (the result page, the teacher's attempt view, the certificate check). */
export function ResultFacts({ facts, className = "result__facts" }: { facts: readonly (readonly [string, string])[]; className?: string }) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The percentage, said provisional while an answer awaits a person (decisions.md "Per-question results"). */
export function ResultPercentage({ percentage, awaiting, id }: { percentage: number; awaiting: boolean; id?: string }) {
  const { t } = useTranslation("results");
  return (
    <p id={id} className="result__percentage">
      {awaiting ? t("awaiting.provisional", { percentage }) : t("percentage", { percentage })}
    </p>
  );
}

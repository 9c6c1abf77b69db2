import { useTranslation } from "react-i18next";
import type { Verdict } from "./review-rows";

/** A part's verdict in words with a shape beside it (✓ ◐ ✗), never by colour only. */
export function VerdictTag({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation("results");
  if (verdict === null) return null;
  const symbol = verdict === "right" ? "✓" : verdict === "partial" ? "◐" : "✗";
  return (
    <span className={`result-verdict result-verdict--${verdict}`}>
      <span aria-hidden="true">{symbol}</span> {t(`types.verdict.${verdict}`)}
    </span>
  );
}

import { useTranslation } from "react-i18next";
import type { ItemFlag } from "../../../api/services/results/item-analysis/thresholds";

/** A flag in words with a warning sign beside it: the meaning never rests on colour alone. */
export function FlagBadge({ flag }: { flag: ItemFlag }) {
  const { t } = useTranslation("analysis");
  return (
    <span className="analysis-flag">
      <svg className="analysis-flag__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 18v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {t(`flags.${flag}`)}
    </span>
  );
}

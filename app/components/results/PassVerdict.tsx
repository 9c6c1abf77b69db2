import { useTranslation } from "react-i18next";

/**
 * A result's pass verdict (issue 27 point 4, ADR 0076): "✓ Passed" or "✗ Not passed", in words
 * and a symbol, never colour alone; nothing when the quiz has no pass mark or marking is pending
 * (`passed` null). One component for every place a result is shown (the result page, the
 * teacher's attempt view, the taken list, the stats, the leader board). Its words are in the
 * `common` namespace, which every page has.
 */
export function PassVerdict({ passed, passPercentage }: { passed: boolean | null; passPercentage?: number | null }) {
  const { t } = useTranslation("common");
  if (passed === null) return null;
  const mark = passPercentage == null ? "" : ` ${t("passMark.of", { mark: passPercentage })}`;
  return (
    <span className={`pass-verdict shell-badge ${passed ? "shell-badge--success" : "shell-badge--danger"}`} data-passed={passed}>
      <span aria-hidden="true">{passed ? "✓ " : "✗ "}</span>
      {passed ? t("passMark.passed") : t("passMark.notPassed")}
      {mark}
    </span>
  );
}

import { useTranslation } from "react-i18next";
import type { RowSelection } from "../stats/use-row-selection";
import { Button } from "../ui/Button";
import { Checkbox } from "../ui/Checkbox";

/**
 * Above the bank's table (issue 28 point 3, "a chosen set of questions"): "Select all on this
 * page", how many are ticked (a polite live region, so a screen reader hears each change), and
 * "Export selected", which opens the export dialog on the ticked questions.
 */
export function BankSelectionBar({ selection, rowCount, onExport }: { selection: RowSelection; rowCount: number; onExport: () => void }) {
  const { t } = useTranslation("bank");
  const count = selection.selected.length;
  return (
    <div className="bank-selection" role="group" aria-label={t("list.select")}>
      <Checkbox isSelected={selection.allSelected} isIndeterminate={selection.someSelected} isDisabled={rowCount === 0} onChange={(on) => selection.toggleAll(on)}>
        {t("list.selectAll")}
      </Checkbox>
      <p className="bank-selection__count" aria-live="polite">
        {count ? t("list.selected", { count }) : t("list.selectHint")}
      </p>
      <Button variant="secondary" onPress={onExport} isDisabled={count === 0}>
        {t("exportQuestions.openSelected")}
      </Button>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { pageCount } from "../../layout/paging";
import { Button } from "../../ui/Button";
import { PICK_PAGE_SIZE } from "./pick-page-size";

/** Previous / next through a pick list inside the wizard (its state is the wizard's, not the URL's). */
export function PickPager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation("quizzes");
  const pages = pageCount(total, PICK_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <div className="quiz-wizard__pager">
      <Button size="sm" variant="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t("wizard.pager.previous")}
      </Button>
      <span aria-live="polite">{t("wizard.pager.page", { page, pages })}</span>
      <Button size="sm" variant="secondary" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        {t("wizard.pager.next")}
      </Button>
    </div>
  );
}

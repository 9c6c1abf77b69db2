import { useTranslation } from "react-i18next";
import type { PlanView } from "../../../api/services/payments/schemas";
import { ConfirmFormButton } from "../ui/ConfirmFormButton";

/** Delete a plan with a confirmation; the dialog closes once the answer is in, so it shows on the page. */
export function DeletePlanButton({ plan }: { plan: PlanView }) {
  const { t } = useTranslation("payments");
  return (
    <ConfirmFormButton
      label={t("plans.delete")}
      ariaLabel={t("plans.deleteOf", { title: plan.title })}
      title={t("delete.title")}
      body={t("delete.body", { title: plan.title })}
      confirmLabel={t("delete.confirm")}
      cancelLabel={t("delete.cancel")}
      fields={{ intent: "delete", id: plan.id }}
    />
  );
}

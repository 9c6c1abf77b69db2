import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { PlanView } from "../../../api/services/payments/schemas";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Form } from "../ui/Form";

/** Delete with a confirmation; the dialog closes once the answer is in, so it shows on the page. */
export function DeletePlanButton({ plan }: { plan: PlanView }) {
  const { t } = useTranslation("payments");
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete" && navigation.formData?.get("id") === String(plan.id);
  const wasDeleting = useRef(false);
  useEffect(() => {
    if (wasDeleting.current && !deleting) setOpen(false);
    wasDeleting.current = deleting;
  }, [deleting]);

  return (
    <>
      <Button variant="danger" size="sm" aria-label={t("plans.deleteOf", { title: plan.title })} onPress={() => setOpen(true)}>
        {t("plans.delete")}
      </Button>
      <Dialog title={t("delete.title")} role="alertdialog" size="sm" isOpen={open} onOpenChange={setOpen}>
        <Form>
          <p>{t("delete.body", { title: plan.title })}</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={plan.id} />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("delete.cancel")}
            </Button>
            <Button type="submit" variant="danger" isPending={deleting}>
              {t("delete.confirm")}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { Form } from "../ui/Form";

/**
 * Delete with a confirmation (spec 2.5). The pool's action refuses a taken quiz or another
 * teacher's; the dialog closes once the answer is in, so a refusal shows on the page.
 */
export function DeleteQuizButton({ quizId, quizName }: { quizId: number; quizName: string }) {
  const { t } = useTranslation("quizzes");
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const deleting = navigation.state !== "idle" && navigation.formData?.get("quizId") === String(quizId);
  const wasDeleting = useRef(false);
  useEffect(() => {
    if (wasDeleting.current && !deleting) setOpen(false);
    wasDeleting.current = deleting;
  }, [deleting]);

  return (
    <>
      <Button variant="danger" size="sm" aria-label={t("pool.actions.deleteOf", { name: quizName })} onPress={() => setOpen(true)}>
        {t("pool.actions.delete")}
      </Button>
      <Dialog title={t("pool.delete.title")} role="alertdialog" size="sm" isOpen={open} onOpenChange={setOpen}>
        <Form>
          <p>{t("pool.delete.body", { name: quizName })}</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="quizId" value={quizId} />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {t("pool.delete.cancel")}
            </Button>
            <Button type="submit" variant="danger" isPending={deleting}>
              {t("pool.delete.confirm")}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}

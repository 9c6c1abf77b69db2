import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "../ui/Button";
import { ButtonLink } from "../ui/ButtonLink";
import { Dialog } from "../ui/Dialog";

/**
 * Spec 4 and 8: a 401 shows the 'Session expired' alert dialog; closing it goes to
 * /logout, which ends the session and returns to the login screen. The same text and a
 * link sit in the page under the dialog, for the server render and for anyone who never
 * gets the dialog.
 */
export function SessionExpiredDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = () => navigate("/logout");

  return (
    <>
      <section className="shell-error-panel" aria-labelledby="session-expired-title">
        <h1 id="session-expired-title" className="shell-error-panel__title">
          {t("session.expiredTitle")}
        </h1>
        <p>{t("session.expiredMessage")}</p>
        <ButtonLink to="/logout" variant="primary">
          {t("session.loginAgain")}
        </ButtonLink>
      </section>
      <Dialog
        title={t("session.expiredTitle")}
        role="alertdialog"
        size="sm"
        isOpen
        isDismissable={false}
        onOpenChange={(open) => !open && logout()}
      >
        <p>{t("session.expiredMessage")}</p>
        <div className="shell-dialog-actions">
          <Button variant="primary" onPress={logout} autoFocus>
            {t("actions.ok")}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "react-router";
import { buttonClassName } from "../ui/Button";
import { Spinner } from "../ui/Spinner";

/**
 * Spec 2.2: a login URL with all three keys signs in at once while 'Please wait...' shows.
 * By now the keys have left the URL: the server stashed them in a short-lived httpOnly
 * cookie (app/routes/auth/key-login-stash.server.ts), so this form posts only its intent and
 * the login action reads the keys from there, sets the session cookies and redirects to "/".
 * Without JavaScript the same form is submitted with a Continue button.
 */
export function KeyAutoLogin() {
  const { t } = useTranslation("auth");
  const submit = useSubmit();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    submit({ intent: "stashed-keys" }, { method: "post", replace: true });
  }, [submit]);

  return (
    <div className="auth-wait">
      <Spinner size="lg" label={t("common:ui.pleaseWait")} />
      <p className="auth-card__subtitle">{t("keys.signingIn")}</p>
      <form method="post">
        <input type="hidden" name="intent" value="stashed-keys" />
        <noscript>
          <button type="submit" className={buttonClassName({ variant: "primary" })}>
            {t("keys.continue")}
          </button>
        </noscript>
      </form>
    </div>
  );
}

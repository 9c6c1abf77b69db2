import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "react-router";
import { buttonClassName } from "../ui/Button";
import { Spinner } from "../ui/Spinner";
import type { KeyLoginValues } from "./key-login";

/**
 * Spec 2.2: a login URL with all three keys signs in at once while 'Please wait...' shows.
 * The keys are posted to the login action (never sent to the API from the browser), which
 * sets the session cookies and redirects to "/". Without JavaScript the same form is
 * submitted with a Continue button.
 */
export function KeyAutoLogin({ values }: { values: KeyLoginValues }) {
  const { t } = useTranslation("auth");
  const submit = useSubmit();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    submit({ intent: "keys", ...values }, { method: "post", replace: true });
  }, [submit, values]);

  return (
    <div className="auth-wait">
      <Spinner size="lg" label={t("ui.pleaseWait")} />
      <p className="auth-card__subtitle">{t("keys.signingIn")}</p>
      <form method="post">
        <input type="hidden" name="intent" value="keys" />
        <input type="hidden" name="public_key" value={values.public_key} />
        <input type="hidden" name="private_key" value={values.private_key} />
        <input type="hidden" name="module_id" value={values.module_id} />
        <noscript>
          <button type="submit" className={buttonClassName({ variant: "primary" })}>
            {t("keys.continue")}
          </button>
        </noscript>
      </form>
    </div>
  );
}

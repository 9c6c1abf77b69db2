import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { TextField } from "../ui/TextField";
import { useIsSubmitting, useMessageTranslator } from "./hooks";
import { type CodedFields, fieldAnswer } from "../../utils/message-codes";

export interface MfaCodeFormProps {
  /** The password step's token, posted back unchanged (valid 5 minutes). */
  mfaToken: string;
  /** "recovery" when the last code came from the recovery-code form: its error shows there. */
  via?: string;
  /** The last answer to this form: its field errors with their codes. */
  serverErrors?: CodedFields | null;
}

/**
 * The second step of a password sign-in with two-step sign-in on (docs/decisions/0013): the
 * authenticator's code, with the phone's number pad and one-time-code autofill. A recovery
 * code has letters, so it gets its own text field inside a native disclosure (no JavaScript
 * needed). Both post `intent=mfa` to the login action.
 *
 * No checks in the browser, and the server's message stays on its field until the next
 * answer: a message appearing or vanishing on blur would move the button or the disclosure
 * away from under the pointer that is pressing it.
 */
export function MfaCodeForm({ mfaToken, via, serverErrors }: MfaCodeFormProps) {
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const byRecovery = via === "recovery";
  const codeError = serverErrors?.errors?.code ? { isInvalid: true, errorMessage: translate(fieldAnswer(serverErrors, "code")) } : {};
  const submitting = useIsSubmitting("mfa");
  return (
    <>
      <Form aria-label={t("mfa.formLabel")}>
        <input type="hidden" name="intent" value="mfa" />
        <input type="hidden" name="mfaToken" value={mfaToken} />
        <TextField
          name="code"
          label={t("mfa.code")}
          description={t("mfa.codeHint")}
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck="false"
          maxLength={64}
          autoFocus={!byRecovery}
          isRequired
          {...(byRecovery ? {} : codeError)}
        />
        <Button type="submit" fullWidth size="lg" isPending={submitting}>
          {t("mfa.submit")}
        </Button>
      </Form>
      <details className="auth-disclosure" open={byRecovery}>
        <summary>{t("mfa.useRecoveryCode")}</summary>
        <Form aria-label={t("mfa.recoveryFormLabel")}>
          <input type="hidden" name="intent" value="mfa" />
          <input type="hidden" name="via" value="recovery" />
          <input type="hidden" name="mfaToken" value={mfaToken} />
          <TextField
            name="code"
            label={t("mfa.recoveryCode")}
            description={t("mfa.recoveryCodeHint")}
            autoComplete="off"
            spellCheck="false"
            maxLength={64}
            autoFocus={byRecovery}
            isRequired
            {...(byRecovery ? codeError : {})}
          />
          <Button type="submit" variant="secondary" fullWidth isPending={submitting}>
            {t("mfa.submitRecovery")}
          </Button>
        </Form>
      </details>
      <p className="auth-card__footnote">
        <Link to="/auth/login">{t("mfa.startOver")}</Link>
      </p>
    </>
  );
}

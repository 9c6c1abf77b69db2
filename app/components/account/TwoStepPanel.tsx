import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MfaStatus } from "../../../api/services/auth/mfa/mfa-status";
import type { MfaEnrolment } from "../../../api/services/auth/mfa/start-mfa-setup";
import { useHydrated } from "../layout/use-hydrated";
import { useIsSubmitting, useMessageTranslator } from "../auth/hooks";
import { useDates } from "../layout/use-dates";
import { Alert } from "../ui/Alert";
import { Button, buttonClassName } from "../ui/Button";
import { Form } from "../ui/Form";
import { PasswordField } from "../ui/PasswordField";
import { TextField } from "../ui/TextField";
import { useFieldErrors } from "./field-errors";
import type { SecurityAnswer } from "./security-action.server";

/**
 * Two-step sign-in on the profile (docs/decisions/0013-two-step-sign-in.md). Off: the
 * current password starts the set-up, which shows the QR code and the key for typing, then
 * a code from the app turns it on and the recovery codes appear, once. On: the status, and
 * "turn off" with the password and a code. Every step is a plain form post (no JavaScript
 * needed); copying the codes is the one thing that needs it.
 */
export function TwoStepPanel({ status, answer }: { status: MfaStatus; answer: SecurityAnswer | null }) {
  const { t } = useTranslation("security");
  const dates = useDates();
  const mine = answer?.intent.startsWith("mfa-") ? answer : null;
  const recoveryCodes = mine?.intent === "mfa-enable" && mine.ok ? mine.recoveryCodes : undefined;

  return (
    <section className="account-card" aria-labelledby="two-step-title" id="two-step">
      <h3 id="two-step-title" className="account-card__title">
        {t("twoStep.title")}
      </h3>
      <p className="account-card__lead">{t("twoStep.description")}</p>
      <dl className="account-facts">
        <div>
          <dt>{t("twoStep.status")}</dt>
          <dd>
            <span className={status.enabled ? "account-badge" : "account-badge account-badge--danger"}>
              {status.enabled ? t("twoStep.on") : t("twoStep.off")}
            </span>
          </dd>
        </div>
        {status.enabledAt !== null && (
          <div>
            <dt>{t("twoStep.enabledAt")}</dt>
            <dd>{dates.forReader(status.enabledAt)}</dd>
          </div>
        )}
        {status.enabled && (
          <div>
            <dt>{t("twoStep.recoveryLeft")}</dt>
            <dd>{status.recoveryCodesLeft}</dd>
          </div>
        )}
      </dl>
      {mine?.intent === "mfa-disable" && mine.ok && (
        <Alert variant="success" resetKey={mine}>
          {t("twoStep.disabled")}
        </Alert>
      )}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      {status.enabled ? (
        <DisableForm answer={mine?.intent === "mfa-disable" ? mine : null} />
      ) : mine?.enrolment ? (
        <EnableForm enrolment={mine.enrolment} answer={mine.intent === "mfa-enable" ? mine : null} />
      ) : (
        // Also an enable that failed without its set-up (started again elsewhere): its message shows here.
        <SetupForm answer={mine?.intent === "mfa-setup" || mine?.intent === "mfa-enable" ? mine : null} />
      )}
    </section>
  );
}

/** A failure that names no field of this form (e.g. 409, 429) shows above it. */
function FormAlert({ answer, fields }: { answer: SecurityAnswer | null; fields: string[] }) {
  const translate = useMessageTranslator();
  if (!answer || answer.ok || !answer.message) return null;
  if (Object.keys(answer.errors ?? {}).some((name) => fields.includes(name))) return null;
  return (
    <Alert variant="danger" resetKey={answer}>
      {translate({ ...answer, message: answer.message })}
    </Alert>
  );
}

function SetupForm({ answer }: { answer: SecurityAnswer | null }) {
  const { t } = useTranslation("security");
  const errors = useFieldErrors(answer);
  return (
    <Form validationErrors={errors}>
      <FormAlert answer={answer} fields={["currentPassword"]} />
      <input type="hidden" name="intent" value="mfa-setup" />
      <PasswordField
        name="currentPassword"
        label={t("password.current")}
        description={t("twoStep.passwordHint")}
        autoComplete="current-password"
        isRequired
      />
      <div className="account-card__actions">
        <Button type="submit" isPending={useIsSubmitting("mfa-setup")}>
          {t("twoStep.start")}
        </Button>
      </div>
    </Form>
  );
}

function EnableForm({ enrolment, answer }: { enrolment: MfaEnrolment; answer: SecurityAnswer | null }) {
  const { t } = useTranslation("security");
  const errors = useFieldErrors(answer);
  // An <img> of our own SVG: no markup of it enters the page, and img-src allows data: URLs.
  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;
  return (
    <div className="account-two-step">
      <p>{t("twoStep.scan")}</p>
      <img className="account-two-step__qr" src={qrSource} alt={t("twoStep.qrAlt")} width={200} height={200} />
      <p className="account-card__note">{t("twoStep.manual")}</p>
      {/* Text, not an input: the whole key stays visible at any width, in groups of four. */}
      <dl className="account-facts">
        <div>
          <dt>{t("twoStep.key")}</dt>
          <dd className="account-mono account-two-step__key">{enrolment.secret.replace(/(.{4})(?=.)/g, "$1 ")}</dd>
        </div>
      </dl>
      <p>{t("twoStep.enter")}</p>
      <Form validationErrors={errors}>
        <FormAlert answer={answer} fields={["code"]} />
        <input type="hidden" name="intent" value="mfa-enable" />
        {/* Only to show the same QR code again after a wrong code (resumeMfaSetup checks it). */}
        <input type="hidden" name="secret" value={enrolment.secret} />
        <TextField
          name="code"
          label={t("twoStep.code")}
          description={t("twoStep.codeHint")}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={64}
          spellCheck="false"
          isRequired
        />
        <div className="account-card__actions">
          <Button type="submit" isPending={useIsSubmitting("mfa-enable")}>
            {t("twoStep.enable")}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function DisableForm({ answer }: { answer: SecurityAnswer | null }) {
  const { t } = useTranslation("security");
  const errors = useFieldErrors(answer);
  return (
    <Form validationErrors={errors}>
      <FormAlert answer={answer} fields={["currentPassword", "code"]} />
      <p className="account-card__note">{t("twoStep.disableHint")}</p>
      <input type="hidden" name="intent" value="mfa-disable" />
      <PasswordField name="currentPassword" label={t("password.current")} autoComplete="current-password" isRequired />
      <TextField name="code" label={t("twoStep.codeOrRecovery")} autoComplete="one-time-code" maxLength={64} spellCheck="false" isRequired />
      <div className="account-card__actions">
        <Button type="submit" variant="danger" isPending={useIsSubmitting("mfa-disable")}>
          {t("twoStep.disable")}
        </Button>
      </div>
    </Form>
  );
}

/** The new recovery codes, once: as a list, to copy (with JavaScript) or to download as a text file. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("security");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const text = `${t("twoStep.recoveryTitle")}\n\n${codes.join("\n")}\n`;
  return (
    <div role="status" className="account-two-step__done">
      <Alert variant="success" autoHideMs={null} isDismissable={false}>
        {t("twoStep.enabled")}
      </Alert>
      <div className="account-new-key">
        <p>
          <strong>{t("twoStep.recoveryTitle")}.</strong> {t("twoStep.recoveryOnce")}
        </p>
        <ol className="account-two-step__codes" aria-label={t("twoStep.recoveryTitle")}>
          {codes.map((code) => (
            <li key={code} className="account-mono">
              {code}
            </li>
          ))}
        </ol>
        <div className="account-card__actions">
          {hydrated && (
            <Button
              variant="secondary"
              onPress={() => void navigator.clipboard.writeText(text).then(() => setCopied(true), () => setCopied(false))}
            >
              {copied ? t("twoStep.copied") : t("twoStep.copy")}
            </Button>
          )}
          <a
            className={buttonClassName({ variant: "secondary" })}
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
            download="quiz-recovery-codes.txt"
          >
            {t("twoStep.download")}
          </a>
        </div>
      </div>
    </div>
  );
}

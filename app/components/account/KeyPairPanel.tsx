import { useTranslation } from "react-i18next";
import type { KeyPairSummary } from "../../../api/services/auth/get-key-pair";
import { useIsSubmitting } from "../auth/hooks";
import { useDates } from "../layout/use-dates";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { PasswordField } from "../ui/PasswordField";
import { TextField } from "../ui/TextField";
import { useFieldErrors } from "./field-errors";
import type { SecurityAnswer } from "./security-action.server";

/**
 * The key pair for key login: its public key and dates, a new one for the current password
 * (its private key is shown once, right here), and revoke.
 */
export function KeyPairPanel({ keyPair, answer }: { keyPair: KeyPairSummary | null; answer: SecurityAnswer | null }) {
  const { t } = useTranslation("security");
  const dates = useDates();
  const creating = useIsSubmitting("create-key");
  const revoking = useIsSubmitting("revoke-key");
  const created = answer?.intent === "create-key" && answer.ok ? answer.keyPair : undefined;
  const errors = useFieldErrors(answer?.intent === "create-key" ? answer : null);
  // Issue 27 point 6: the school's clock, and the reader's own beside it when they are abroad (ADR 0082).
  const date = (epochMs: number) => dates.forReader(epochMs);

  return (
    <section className="account-card" aria-labelledby="key-pair-title">
      <h3 id="key-pair-title" className="account-card__title">
        {t("keys.title")}
      </h3>
      <p className="account-card__lead">{t("keys.description")}</p>
      {answer?.intent === "revoke-key" && answer.ok && (
        <Alert variant="success" resetKey={answer}>
          {t("keys.revoked")}
        </Alert>
      )}
      {created && (
        <div className="account-new-key" role="status">
          <p>
            <strong>{t("keys.createdNotice")}</strong> {t("keys.privateKeyOnce")}
          </p>
          <TextField label={t("keys.privateKey")} value={created.private_key} isReadOnly />
          <TextField label={t("keys.loginUrl")} value={created.loginUrl} isReadOnly />
        </div>
      )}
      {keyPair ? (
        <dl className="account-facts">
          <div>
            <dt>{t("keys.publicKey")}</dt>
            <dd className="account-mono">{keyPair.public_key}</dd>
          </div>
          <div>
            <dt>{t("keys.moduleId")}</dt>
            <dd className="account-mono">{keyPair.module_id}</dd>
          </div>
          <div>
            <dt>{t("keys.createdAt")}</dt>
            <dd>{date(keyPair.created_at)}</dd>
          </div>
          <div>
            <dt>{t("keys.expiresAt")}</dt>
            <dd>
              {date(keyPair.expires_at)}
              {keyPair.expired && <span className="account-badge account-badge--danger">{t("keys.expired")}</span>}
            </dd>
          </div>
          <div>
            <dt>{t("keys.lastUsedAt")}</dt>
            <dd>{keyPair.last_used_at ? date(keyPair.last_used_at) : t("keys.never")}</dd>
          </div>
        </dl>
      ) : (
        <p className="account-card__note">{t("keys.none")}</p>
      )}
      <Form validationErrors={errors}>
        <input type="hidden" name="intent" value="create-key" />
        <PasswordField
          name="currentPassword"
          label={t("password.current")}
          description={t("keys.passwordHint")}
          autoComplete="current-password"
          isRequired
        />
        <div className="account-card__actions">
          <Button type="submit" isPending={creating}>
            {keyPair ? t("keys.replace") : t("keys.create")}
          </Button>
        </div>
      </Form>
      {keyPair && (
        <Form className="account-card__actions">
          <input type="hidden" name="intent" value="revoke-key" />
          <Button type="submit" variant="danger" isPending={revoking}>
            {t("keys.revoke")}
          </Button>
        </Form>
      )}
    </section>
  );
}

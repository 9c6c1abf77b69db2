import { useTranslation } from "react-i18next";
import { useIsSubmitting, useMessageTranslator } from "../auth/hooks";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { NewPasswordField } from "../ui/NewPasswordField";
import { PasswordField } from "../ui/PasswordField";
import { useSchemaForm } from "../ui/useSchemaForm";
import { authSchema } from "../auth/lazy-schemas";
import type { SecurityAnswer } from "./security-action.server";

/** Change password: the current one, the new one twice. Same schema as the API. */
export function ChangePasswordForm({ answer }: { answer: SecurityAnswer | null }) {
  const { t } = useTranslation("security");
  const translate = useMessageTranslator();
  const submitting = useIsSubmitting("change-password");
  const mine = answer?.intent === "change-password" ? answer : null;
  const { formProps } = useSchemaForm({ schema: authSchema("ChangePasswordInput"), serverErrors: mine, translate });
  return (
    <section className="account-card" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="account-card__title">
        {t("password.title")}
      </h3>
      <p className="account-card__lead">{t("password.description")}</p>
      {mine?.ok && (
        <Alert variant="success" resetKey={mine} autoHideMs={null}>
          {t("password.changed")}
        </Alert>
      )}
      {mine && !mine.ok && !mine.errors && mine.message && (
        <Alert variant="danger" resetKey={mine}>
          {translate({ ...mine, message: mine.message })}
        </Alert>
      )}
      {/* A successful change leaves the fields empty (new form key). */}
      <Form {...formProps} key={mine?.ok ? "changed" : "form"}>
        <input type="hidden" name="intent" value="change-password" />
        <PasswordField name="currentPassword" label={t("password.current")} autoComplete="current-password" isRequired />
        <NewPasswordField name="password" label={t("password.new")} isRequired />
        <PasswordField name="confirmPassword" label={t("password.confirm")} autoComplete="new-password" isRequired />
        <div className="account-card__actions">
          <Button type="submit" isPending={submitting}>
            {t("password.submit")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { PasswordField } from "../ui/PasswordField";
import { TextField } from "../ui/TextField";
import { useSchemaForm } from "../ui/useSchemaForm";
import { authSchema } from "./lazy-schemas";
import { loginInput } from "./form-input";
import { useIsSubmitting, useMessageTranslator } from "./hooks";
import type { CodedFields } from "../../utils/message-codes";

export interface PasswordLoginFormProps {
  /** Field errors of the last answer to this form. */
  serverErrors?: CodedFields | null;
  defaultEmail?: string;
}

/** The main way in (decisions: e-mail + password): posts `intent=password` to the login action. */
export function PasswordLoginForm({ serverErrors, defaultEmail }: PasswordLoginFormProps) {
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const { formProps } = useSchemaForm({ schema: authSchema("LoginInput"), toInput: loginInput, serverErrors, translate });
  const submitting = useIsSubmitting("password");
  return (
    <Form {...formProps}>
      <input type="hidden" name="intent" value="password" />
      <TextField
        name="email"
        type="email"
        label={t("fields.email")}
        autoComplete="username"
        inputMode="email"
        defaultValue={defaultEmail}
        isRequired
      />
      <PasswordField name="password" label={t("fields.password")} autoComplete="current-password" isRequired />
      <div className="auth-card__row">
        <span />
        <Link to="/auth/forgot-password">{t("login.forgotPassword")}</Link>
      </div>
      <Button type="submit" fullWidth size="lg" isPending={submitting}>
        {t("login.submit")}
      </Button>
    </Form>
  );
}

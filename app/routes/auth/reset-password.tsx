import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { FailureAlert } from "../../components/auth/FailureAlert";
import { Link, redirect } from "react-router";
import { resetPassword } from "../../../api/services/auth/reset-password";
import { ResetPasswordInput } from "../../../api/services/auth/schemas";
import { resetPasswordInput } from "../../components/auth/form-input";
import { useIsSubmitting, useMessageTranslator } from "../../components/auth/hooks";
import { withNotice } from "../../components/auth/notices";
import { AuthErrorBoundary } from "../../components/auth/AuthErrorBoundary";
import { Button } from "../../components/ui/Button";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Form } from "../../components/ui/Form";
import { NewPasswordField } from "../../components/ui/NewPasswordField";
import { PasswordField } from "../../components/ui/PasswordField";
import { useSchemaForm } from "../../components/ui/useSchemaForm";
import { authSchema } from "../../components/auth/lazy-schemas";
import { servicesContext } from "../../context";
import { actionFailure } from "./helpers.server";
import type { Route } from "./+types/reset-password";

/** The page of the e-mailed link: a new password, then the login page with a success notice. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const parsed = ResetPasswordInput.safeParse(resetPasswordInput(await request.formData(), params.token));
  if (!parsed.success) return actionFailure(parsed.error);
  try {
    await resetPassword(services, parsed.data);
  } catch (error) {
    return actionFailure(error);
  }
  return redirect(withNotice("/auth/login", "password-changed"));
}

export default function ResetPassword({ params, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const submitting = useIsSubmitting();
  const answer = actionData ?? null;
  const toInput = useCallback((formData: FormData) => resetPasswordInput(formData, params.token), [params.token]);
  const { formProps } = useSchemaForm({ schema: authSchema("ResetPasswordInput"), toInput, serverErrors: answer, translate });

  return (
    <AuthCard screen="reset">
      {/* The token is not a field of this form: its error belongs in the alert. */}
      <FailureAlert failure={answer} unshownFields={["token"]}>
        <Link to="/auth/forgot-password">{t("reset.requestNewLink")}</Link>
      </FailureAlert>

      <Form {...formProps}>
        <NewPasswordField name="password" label={t("fields.newPassword")} description={t("registration.passwordHint")} isRequired />
        <PasswordField name="confirmPassword" label={t("fields.confirmPassword")} autoComplete="new-password" isRequired />
        <div className="auth-card__actions">
          <ButtonLink to="/auth/login" variant="secondary" fullWidth>
            {t("actions.cancel")}
          </ButtonLink>
          <Button type="submit" fullWidth isPending={submitting}>
            {t("reset.submit")}
          </Button>
        </div>
      </Form>
    </AuthCard>
  );
}

export const ErrorBoundary = AuthErrorBoundary;

import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { FailureAlert } from "../../components/auth/FailureAlert";
import { redirect } from "react-router";
import { clientAddressOf } from "../../../api/services/auth/client-address";
import { requestPasswordReset } from "../../../api/services/auth/request-password-reset";
import { ForgotPasswordInput } from "../../../api/services/auth/schemas";
import { forgotPasswordInput } from "../../components/auth/form-input";
import { useIsSubmitting, useMessageTranslator } from "../../components/auth/hooks";
import { withNotice } from "../../components/auth/notices";
import { AuthErrorBoundary } from "../../components/auth/AuthErrorBoundary";
import { Button } from "../../components/ui/Button";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Form } from "../../components/ui/Form";
import { TextField } from "../../components/ui/TextField";
import { useSchemaForm } from "../../components/ui/useSchemaForm";
import { authSchema } from "../../components/auth/lazy-schemas";
import { servicesContext } from "../../context";
import { actionFailure } from "./helpers.server";
import type { Route } from "./+types/forgot-password";

/** Spec 2.2: on success back to /auth, where the login page shows that the link was sent. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const input = forgotPasswordInput(await request.formData());
  const values = { email: input.email ?? "" };
  const parsed = ForgotPasswordInput.safeParse(input);
  if (!parsed.success) return actionFailure(parsed.error, { values });
  try {
    await requestPasswordReset(services, parsed.data, { clientAddress: clientAddressOf(request.headers) });
  } catch (error) {
    return actionFailure(error, { values });
  }
  return redirect(withNotice("/auth", "reset-link-sent"));
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const submitting = useIsSubmitting();
  const answer = actionData ?? null;
  const { formProps } = useSchemaForm({ schema: authSchema("ForgotPasswordInput"), toInput: forgotPasswordInput, serverErrors: answer, translate });

  return (
    <AuthCard screen="forgot">
      <FailureAlert failure={answer} />

      <Form {...formProps}>
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="email"
          inputMode="email"
          defaultValue={answer?.values?.email}
          isRequired
        />
        <div className="auth-card__actions">
          <ButtonLink to="/auth" variant="secondary" fullWidth>
            {t("actions.cancel")}
          </ButtonLink>
          <Button type="submit" fullWidth isPending={submitting}>
            {t("actions.submit")}
          </Button>
        </div>
      </Form>
    </AuthCard>
  );
}

export const ErrorBoundary = AuthErrorBoundary;

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { verifyEmail } from "../../../api/services/auth/verify-email";
import { AuthCard } from "../../components/auth/AuthCard";
import { AuthErrorBoundary } from "../../components/auth/AuthErrorBoundary";
import { FailureAlert } from "../../components/auth/FailureAlert";
import { useIsSubmitting } from "../../components/auth/hooks";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Form } from "../../components/ui/Form";
import { servicesContext } from "../../context";
import { actionFailure } from "./helpers.server";
import type { Route } from "./+types/verify-email";

/**
 * The e-mailed confirmation link. Opening it changes nothing: mail scanners and link
 * previews open links too, and one that confirmed on sight would confirm an account its
 * recipient never made. The person confirms with the button (POST), which calls the same
 * verb as `POST /api/auth/verify-email` (decisions: e-mail confirmation).
 */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    return { confirmed: true as const, message: (await verifyEmail(context.get(servicesContext), { token: params.token })).message };
  } catch (error) {
    return actionFailure(error);
  }
}

export default function VerifyEmail({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const submitting = useIsSubmitting();
  const answer = actionData ?? null;

  if (answer && "confirmed" in answer) {
    return (
      <AuthCard screen="verifyEmail">
        <Alert variant="success">{t("verifyEmail.confirmed")}</Alert>
        <ButtonLink to="/" variant="primary" fullWidth>
          {t("verifyEmail.continue")}
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard screen="verifyEmail">
      <FailureAlert failure={answer} unshownFields={["token"]}>
        <Link to="/user-profile">{t("verifyEmail.sendNewLink")}</Link>
      </FailureAlert>
      <p>{t("verifyEmail.onlyIfYours")}</p>
      <Form aria-label={t("verifyEmail.title")}>
        <div className="auth-card__actions">
          <ButtonLink to="/" variant="secondary" fullWidth>
            {t("actions.cancel")}
          </ButtonLink>
          <Button type="submit" fullWidth isPending={submitting}>
            {t("verifyEmail.submit")}
          </Button>
        </div>
      </Form>
    </AuthCard>
  );
}

export const ErrorBoundary = AuthErrorBoundary;

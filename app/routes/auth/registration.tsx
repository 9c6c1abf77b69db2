import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { FailureAlert } from "../../components/auth/FailureAlert";
import { Link } from "react-router";
import { clientAddressOf } from "../../../api/services/auth/client-address";
import { register } from "../../../api/services/auth/register";
import { RegisterFormInput } from "../../../api/services/auth/schemas";
import { deviceOf } from "../../../api/services/auth/sessions";
import { pickLanguage } from "../../i18n/languages";
import { registrationInput } from "../../components/auth/form-input";
import { useHydrated } from "../../components/layout/use-hydrated";
import { useIsSubmitting, useMessageTranslator } from "../../components/auth/hooks";
import { AuthErrorBoundary } from "../../components/auth/AuthErrorBoundary";
import { Button } from "../../components/ui/Button";
import { ButtonLink } from "../../components/ui/ButtonLink";
import { Checkbox } from "../../components/ui/Checkbox";
import { Form } from "../../components/ui/Form";
import { NewPasswordField } from "../../components/ui/NewPasswordField";
import { PasswordField } from "../../components/ui/PasswordField";
import { RadioGroup } from "../../components/ui/RadioGroup";
import { TextField } from "../../components/ui/TextField";
import { useSchemaForm } from "../../components/ui/useSchemaForm";
import { authSchema } from "../../components/auth/lazy-schemas";
import { servicesContext } from "../../context";
import { registrationOptions } from "../../../api/services/auth/registration-options";
import { actionFailure, redirectSignedIn } from "./helpers.server";
import { returnToParam, withReturnTo } from "../../utils/return-after-sign-in";
import type { Route } from "./+types/registration";

/** The owner's teacher policy, so the form says what choosing Teacher means before it is sent. */
export async function loader({ context, request }: Route.LoaderArgs) {
  // A join link's address to come back to once signed up (return-after-sign-in.ts), kept on the links back to sign-in.
  return { ...(await registrationOptions(context.get(servicesContext))), returnTo: returnToParam(new URL(request.url)) };
}

/** Spec 5 Registration: every field required, passwords equal, terms accepted; then signed in. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const input = registrationInput(await request.formData());
  const values = {
    email: input.email ?? "",
    fullname: input.fullname ?? "",
    username: input.username ?? "",
    userType: input.userType ?? "",
  };
  const parsed = RegisterFormInput.safeParse(input);
  if (!parsed.success) return actionFailure(parsed.error, { values });
  try {
    return redirectSignedIn(
      services,
      await register(services, parsed.data, {
        clientAddress: clientAddressOf(request.headers),
        language: pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language")),
        ...deviceOf(request.headers),
      }),
      request,
    );
  } catch (error) {
    return actionFailure(error, { values });
  }
}

export default function Registration({ loaderData, actionData }: Route.ComponentProps) {
  const { teacherRegistration, returnTo } = loaderData;
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const hydrated = useHydrated();
  const submitting = useIsSubmitting();
  const answer = actionData ?? null;
  const { formProps, validateField } = useSchemaForm({ schema: authSchema("RegisterFormInput"), toInput: registrationInput, serverErrors: answer, translate });
  const [accepted, setAccepted] = useState(false);
  const values = answer?.values;
  // What the user is known by, so the strength meter counts a password made of it as guessable.
  const [email, setEmail] = useState(values?.email ?? "");
  const [fullname, setFullname] = useState(values?.fullname ?? "");
  const [username, setUsername] = useState(values?.username ?? "");

  return (
    <AuthCard screen="registration" wide>
      <FailureAlert failure={answer} />

      <Form {...formProps}>
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="email"
          inputMode="email"
          defaultValue={values?.email}
          onChange={setEmail}
          isRequired
        />
        <div className="auth-grid auth-grid--2">
          <TextField name="fullname" label={t("fields.fullname")} autoComplete="name" defaultValue={values?.fullname} onChange={setFullname} isRequired />
          <TextField
            name="username"
            label={t("fields.username")}
            autoComplete="username"
            spellCheck="false"
            defaultValue={values?.username}
            onChange={setUsername}
            isRequired
          />
        </div>
        <RadioGroup
          name="userType"
          label={t("registration.selectRole")}
          defaultValue={values?.userType || undefined}
          inline
          isRequired
          onChange={(value) => validateField("userType", { userType: value })}
          description={teacherRegistration === "Open" ? undefined : t(`registration.teacherPolicy.${teacherRegistration}`)}
          options={[
            { value: "Student", label: t("registration.student") },
            { value: "Teacher", label: t("registration.teacher"), isDisabled: teacherRegistration === "Off" },
          ]}
        />
        <div className="auth-grid auth-grid--2">
          <NewPasswordField
            name="password"
            label={t("fields.password")}
            description={t("registration.passwordHint")}
            strengthHints={{ email, fullname, username }}
            isRequired
          />
          <PasswordField name="confirmPassword" label={t("fields.confirmPassword")} autoComplete="new-password" isRequired />
        </div>
        <Checkbox
          name="acceptTerms"
          value="true"
          isSelected={accepted}
          onChange={(isSelected) => {
            setAccepted(isSelected);
            // A react-aria toggle changes through its own state, not a DOM change event.
            validateField("acceptTerms", { acceptTerms: isSelected });
          }}
          isRequired
          description={
            <Link to="/terms" target="_blank" rel="noopener">
              {t("registration.readTerms")}
            </Link>
          }
        >
          {t("registration.acceptTerms")}
        </Checkbox>
        <div className="auth-card__actions">
          <ButtonLink to={withReturnTo("/auth/login", returnTo)} variant="secondary" fullWidth>
            {t("actions.cancel")}
          </ButtonLink>
          <Button type="submit" fullWidth isDisabled={hydrated && !accepted} isPending={submitting}>
            {t("actions.submit")}
          </Button>
        </div>
      </Form>

      <p className="auth-card__footnote">
        {t("registration.haveAccount")} <Link to={withReturnTo("/auth/login", returnTo)}>{t("registration.signIn")}</Link>
      </p>
    </AuthCard>
  );
}

export const ErrorBoundary = AuthErrorBoundary;

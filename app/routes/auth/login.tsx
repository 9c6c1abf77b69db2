import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { FailureAlert } from "../../components/auth/FailureAlert";
import { Link } from "react-router";
import { getProviderConfig } from "../../../api/services/auth/get-provider-config";
import { login } from "../../../api/services/auth/login";
import { loginUsingKeys } from "../../../api/services/auth/login-using-keys";
import { loginWithProvider } from "../../../api/services/auth/login-with-provider";
import { KeyLoginInput, LoginInput, ProviderLoginInput } from "../../../api/services/auth/schemas";
import { keyLoginInput, loginInput } from "../../components/auth/form-input";
import { useIsSubmitting, useMessageTranslator } from "../../components/auth/hooks";
import { KeyAutoLogin } from "../../components/auth/KeyAutoLogin";
import { KeyLoginForm } from "../../components/auth/KeyLoginForm";
import { keyLoginParams } from "../../components/auth/key-login";
import { KEYS_INCOMPLETE } from "../../components/auth/messages";
import { noticeKey, readNotice } from "../../components/auth/notices";
import { PasswordLoginForm } from "../../components/auth/PasswordLoginForm";
import { ProviderButton } from "../../components/auth/ProviderButton";
import { AuthErrorBoundary } from "../../components/auth/AuthErrorBoundary";
import { Alert } from "../../components/ui/Alert";
import { schemaFieldErrors } from "../../components/ui/useSchemaForm";
import { servicesContext } from "../../context";
import { clientKeyFromHeaders } from "../../../api/services/auth/client-key";
import { actionFailure, field, redirectSignedIn } from "./helpers.server";
import type { Route } from "./+types/login";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const keyParams = keyLoginParams(params);
  const provider = await getProviderConfig(services);
  return {
    keyParams,
    method: keyParams.state !== "none" || url.searchParams.get("method") === "keys" ? ("keys" as const) : ("password" as const),
    notice: readNotice(url.searchParams),
    provider:
      provider.enabled && provider.authorizationEndpoint && provider.clientId
        ? { authorizationEndpoint: provider.authorizationEndpoint, clientId: provider.clientId }
        : null,
  };
}

/** One action, three ways in (intent): e-mail + password, app keys, provider ID token. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await request.formData();
  const intent = field(formData, "intent") || "password";

  if (intent === "keys") {
    const input = keyLoginInput(formData);
    const values = { public_key: input.public_key ?? "", module_id: input.module_id ?? "" };
    const parsed = KeyLoginInput.safeParse(input);
    if (!parsed.success) return actionFailure(parsed.error, { intent, values });
    try {
      return redirectSignedIn(services, await loginUsingKeys(services, parsed.data));
    } catch (error) {
      return actionFailure(error, { intent, values });
    }
  }

  if (intent === "provider") {
    const parsed = ProviderLoginInput.safeParse({ token: field(formData, "token") });
    if (!parsed.success) return actionFailure(parsed.error, { intent });
    try {
      return redirectSignedIn(services, await loginWithProvider(services, parsed.data));
    } catch (error) {
      return actionFailure(error, { intent });
    }
  }

  const input = loginInput(formData);
  const values = { email: input.email ?? "" };
  const parsed = LoginInput.safeParse(input);
  if (!parsed.success) return actionFailure(parsed.error, { intent: "password", values });
  try {
    const tokens = await login(services, parsed.data, { clientKey: clientKeyFromHeaders(request.headers) });
    return redirectSignedIn(services, tokens);
  } catch (error) {
    return actionFailure(error, { intent: "password", values });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const { keyParams, notice, provider } = loaderData;
  const answer = actionData ?? null;
  const providerSubmitting = useIsSubmitting("provider");
  const method = answer?.intent === "keys" ? "keys" : answer?.intent === "password" ? "password" : loaderData.method;

  // A partial key URL marks the missing keys invalid, as a failed submit would.
  const partialKeyErrors = useMemo(
    () => (keyParams.state === "partial" ? schemaFieldErrors(KeyLoginInput, keyParams.values) : null),
    [keyParams],
  );

  if (keyParams.state === "complete" && !answer) {
    return (
      <section className="auth-card">
        <title>{`${t("login.documentTitle")} · ${t("layout.appName")}`}</title>
        <h1 id="login-title" className="auth-card__title auth-card__header">
          {t("keys.title")}
        </h1>
        <KeyAutoLogin values={keyParams.values} />
      </section>
    );
  }

  const keyValues = answer?.intent === "keys" ? { ...answer.values } : keyParams.state === "none" ? undefined : keyParams.values;

  return (
    <AuthCard screen="login">
      {notice && (
        <Alert variant="success" resetKey={notice}>
          {t(noticeKey(notice))}
        </Alert>
      )}
      <FailureAlert failure={answer} />
      {!answer && keyParams.state === "partial" && <Alert variant="danger">{translate(KEYS_INCOMPLETE)}</Alert>}

      <nav aria-label={t("login.methodsLabel")}>
        <ul className="auth-methods">
          <li>
            <Link to="/auth/login" aria-current={method === "password" ? "page" : undefined} replace>
              {t("login.withPassword")}
            </Link>
          </li>
          <li>
            <Link to="/auth/login?method=keys" aria-current={method === "keys" ? "page" : undefined} replace>
              {t("keys.tab")}
            </Link>
          </li>
        </ul>
      </nav>

      {method === "password" ? (
        <PasswordLoginForm
          serverErrors={answer?.intent === "password" ? answer.errors : null}
          defaultEmail={answer?.intent === "password" ? answer.values?.email : undefined}
        />
      ) : (
        <KeyLoginForm serverErrors={answer?.intent === "keys" ? answer.errors : partialKeyErrors} defaultValues={keyValues} />
      )}

      {provider && (
        <>
          <div className="auth-divider">{t("login.or")}</div>
          <ProviderButton
            authorizationEndpoint={provider.authorizationEndpoint}
            clientId={provider.clientId}
            isSubmitting={providerSubmitting}
          />
        </>
      )}

      <p className="auth-card__footnote">
        {t("login.noAccount")} <Link to="/auth/registration">{t("login.createAccount")}</Link>
      </p>
    </AuthCard>
  );
}

export const ErrorBoundary = AuthErrorBoundary;

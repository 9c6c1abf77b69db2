import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { FailureAlert } from "../../components/auth/FailureAlert";
import { data, Link, redirect } from "react-router";
import { getProviderConfig } from "../../../api/services/auth/get-provider-config";
import { login } from "../../../api/services/auth/login";
import { loginUsingKeys } from "../../../api/services/auth/login-using-keys";
import { loginWithProviderPopup } from "../../../api/services/auth/login-with-provider";
import { loginSecondStep, MFA_SIGN_IN_EXPIRED } from "../../../api/services/auth/mfa/login-second-step";
import { clearProviderRequestCookie, providerRequestFromCookieHeader } from "../../../api/services/auth/provider-request";
import { KeyLoginInput, LoginInput } from "../../../api/services/auth/schemas";
import { deviceOf } from "../../../api/services/auth/sessions";
import { keyLoginInput, loginInput, mfaLoginInput } from "../../components/auth/form-input";
import { useIsSubmitting } from "../../components/auth/hooks";
import { KeyAutoLogin } from "../../components/auth/KeyAutoLogin";
import { KeyLoginForm } from "../../components/auth/KeyLoginForm";
import { keyLoginParams } from "../../components/auth/key-login";
import { fieldAnswers, say } from "../../../api/services/message-codes";
import { MfaCodeForm } from "../../components/auth/MfaCodeForm";
import { noticeKey, readNotice } from "../../components/auth/notices";
import { PasswordLoginForm } from "../../components/auth/PasswordLoginForm";
import { ProviderButton } from "../../components/auth/ProviderButton";
import { AuthErrorBoundary } from "../../components/auth/AuthErrorBoundary";
import { Alert } from "../../components/ui/Alert";
import { servicesContext } from "../../context";
import { clientAddressOf } from "../../../api/services/auth/client-address";
import { AppError, Invalid, Unauthorized, zodFieldSayings } from "../../../api/services/core/errors";
import { actionFailure, type ActionFailure, field, redirectSignedIn } from "./helpers.server";
import { clearStashedKeysCookie, readStashedKeys, stashKeysHeaders } from "./key-login-stash.server";
import { returnToParam, withReturnTo } from "../../utils/return-after-sign-in";
import type { Route } from "./+types/login";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const keyParams = keyLoginParams(params);
  // The keys leave the URL at once (key-login-stash.server.ts); the form below posts them.
  if (keyParams.state === "complete") {
    throw redirect("/auth/login?method=keys", { headers: stashKeysHeaders(services.config, keyParams.values) });
  }
  const stashed = readStashedKeys(request.headers.get("cookie"));
  const provider = await getProviderConfig(services);
  return {
    keyParams,
    // A partial key URL marks the missing keys invalid, as a failed submit would (checked here:
    // the page itself loads the schemas only when a form is focused).
    // As an action's answer sends them: the English texts with their codes, which the page words.
    partialKeyErrors: keyParams.state === "partial" ? partialKeyAnswer(keyParams.values) : null,
    // Only whether keys wait to be posted: the private key never goes back into the page.
    keysStashed: stashed !== null,
    method: keyParams.state !== "none" || url.searchParams.get("method") === "keys" ? ("keys" as const) : ("password" as const),
    notice: readNotice(url.searchParams),
    providerEnabled: provider.enabled,
    // A join link's address to come back to (return-after-sign-in.ts), kept on the link to sign up.
    returnTo: returnToParam(url),
  };
}

/** The key form's field errors for a key login URL with only some keys, each with its code. */
function partialKeyAnswer(values: unknown) {
  const parsed = KeyLoginInput.safeParse(values);
  return parsed.success ? null : fieldAnswers(zodFieldSayings(parsed.error));
}

/**
 * One action, three ways in (intent): e-mail + password, app keys, provider ID token; and
 * the code step (`mfa`) of a password sign-in with two-step sign-in on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await request.formData();
  const intent = field(formData, "intent") || "password";

  if (intent === "stashed-keys") return signInWithStashedKeys(services, request);
  if (intent === "mfa") return signInWithCode(services, request, formData);

  if (intent === "keys") {
    const input = keyLoginInput(formData);
    const values = { public_key: input.public_key ?? "", module_id: input.module_id ?? "" };
    const parsed = KeyLoginInput.safeParse(input);
    if (!parsed.success) return actionFailure(parsed.error, { intent, values });
    try {
      return redirectSignedIn(services, await loginUsingKeys(services, parsed.data, deviceOf(request.headers)), request);
    } catch (error) {
      return actionFailure(error, { intent, values });
    }
  }

  if (intent === "provider") {
    // The popup's answer must match the request this browser started (state, nonce); the
    // request is spent whatever the outcome (api/services/auth/provider-request.ts).
    const spent = clearProviderRequestCookie(services.config);
    const requestCookie = providerRequestFromCookieHeader(services.config, request.headers.get("cookie"));
    try {
      const tokens = await loginWithProviderPopup(
        services,
        { token: field(formData, "token"), state: field(formData, "state") },
        requestCookie,
        deviceOf(request.headers),
      );
      const response = redirectSignedIn(services, tokens, request);
      response.headers.append("Set-Cookie", spent);
      return response;
    } catch (error) {
      return actionFailure(error, { intent }, { headers: { "Set-Cookie": spent } });
    }
  }

  const input = loginInput(formData);
  const values = { email: input.email ?? "" };
  const parsed = LoginInput.safeParse(input);
  if (!parsed.success) return actionFailure(parsed.error, { intent: "password", values });
  try {
    const result = await login(services, parsed.data, {
      clientAddress: clientAddressOf(request.headers),
      ...deviceOf(request.headers),
    });
    // The password was right and a code is needed: the page shows the code step, carrying
    // the step's token in a hidden field (no message: nothing failed).
    if ("mfaRequired" in result) {
      const challenge: ActionFailure = { intent: "mfa", message: "", values: { mfaToken: result.mfaToken } };
      return data(challenge, { headers: NO_STORE });
    }
    return redirectSignedIn(services, result, request);
  } catch (error) {
    return actionFailure(error, { intent: "password", values });
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

/** The code step: a wrong code stays on it (message on the field); an expired step starts over. */
async function signInWithCode(services: Parameters<typeof loginSecondStep>[0], request: Request, formData: FormData) {
  const input = mfaLoginInput(formData);
  const values = { mfaToken: input.mfaToken ?? "", via: field(formData, "via") };
  // Without the first step's token there is no code step to stay on: start over.
  if (!values.mfaToken) return actionFailure(new Unauthorized(MFA_SIGN_IN_EXPIRED, "SIGN_IN_EXPIRED"), { intent: "password" }, { headers: NO_STORE });
  try {
    // A missing field arrives as "", which the verb's schema reports as required.
    const tokens = await loginSecondStep(services, { mfaToken: values.mfaToken, code: input.code ?? "" }, {
      clientAddress: clientAddressOf(request.headers),
      ...deviceOf(request.headers),
    });
    return redirectSignedIn(services, tokens, request);
  } catch (error) {
    const expired = error instanceof AppError && error.code === "SIGN_IN_EXPIRED";
    return actionFailure(error, expired ? { intent: "password" } : { intent: "mfa", values }, { headers: NO_STORE });
  }
}

/** The second half of the key sign-in URL: the keys come from the stash, which is cleared. */
async function signInWithStashedKeys(services: Parameters<typeof loginUsingKeys>[0], request: Request) {
  const clearStash = { "Set-Cookie": clearStashedKeysCookie(services.config) };
  const stashed = readStashedKeys(request.headers.get("cookie"));
  const values = { public_key: stashed?.public_key ?? "", module_id: stashed?.module_id ?? "" };
  const parsed = KeyLoginInput.safeParse(stashed ?? {});
  if (!parsed.success) return actionFailure(stashed ? parsed.error : new Invalid(say("KEYS_INCOMPLETE")), { intent: "keys", values }, { headers: clearStash });
  try {
    const response = redirectSignedIn(services, await loginUsingKeys(services, parsed.data, deviceOf(request.headers)), request);
    response.headers.append("Set-Cookie", clearStash["Set-Cookie"]);
    return response;
  } catch (error) {
    return actionFailure(error, { intent: "keys", values }, { headers: clearStash });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { keyParams, notice, providerEnabled, partialKeyErrors } = loaderData;
  const answer = actionData ?? null;
  const providerSubmitting = useIsSubmitting("provider");
  const method = answer?.intent === "keys" ? "keys" : answer?.intent === "password" ? "password" : loaderData.method;

  if (loaderData.keysStashed && !answer) {
    return (
      <section className="auth-card">
        <title>{`${t("login.documentTitle")} · ${t("layout.appName")}`}</title>
        <h1 id="login-title" className="auth-card__title auth-card__header">
          {t("keys.title")}
        </h1>
        <KeyAutoLogin />
      </section>
    );
  }

  if (answer?.intent === "mfa" && answer.values?.mfaToken) {
    return (
      <AuthCard screen="mfa">
        {/* The step's token is no field of this form: its errors belong in the alert. */}
        <FailureAlert failure={answer.message ? answer : null} unshownFields={["mfaToken"]} />
        <MfaCodeForm mfaToken={answer.values.mfaToken} via={answer.values.via} serverErrors={answer} />
      </AuthCard>
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
      {/* The popup's token and state are no fields of this page: their errors belong in the alert. */}
      <FailureAlert failure={answer} unshownFields={["token", "state"]} />
      {!answer && keyParams.state === "partial" && <Alert variant="danger">{t("keys.incomplete")}</Alert>}

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
          serverErrors={answer?.intent === "password" ? answer : null}
          defaultEmail={answer?.intent === "password" ? answer.values?.email : undefined}
        />
      ) : (
        <KeyLoginForm serverErrors={answer?.intent === "keys" ? answer : partialKeyErrors} defaultValues={keyValues} />
      )}

      {providerEnabled && (
        <>
          <div className="auth-divider">{t("login.or")}</div>
          <ProviderButton isSubmitting={providerSubmitting} />
        </>
      )}

      <p className="auth-card__footnote">
        {t("login.noAccount")} <Link to={withReturnTo("/auth/registration", loaderData.returnTo)}>{t("login.createAccount")}</Link>
      </p>
    </AuthCard>
  );
}

export const ErrorBoundary = AuthErrorBoundary;

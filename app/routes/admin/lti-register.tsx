import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { registerDynamically } from "../../../api/services/lti/registration/register-dynamically";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { LTI_CODE_KEYS } from "../../components/lti/messages";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { Form } from "../../components/ui/Form";
import { TextField } from "../../components/ui/TextField";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { callerOf, requireOwner } from "../../utils/guards.server";
import { sayAnswer } from "../../utils/message-codes";
import ltiCss from "../../styles/lti.css?url";
import type { Route } from "./+types/lti-register";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ltiCss }];

/** The LMS's origin, as the owner should recognise it; null when the link carries no usable configuration URL. */
function originOf(value: string | null): string | null {
  try {
    return value ? new URL(value).origin : null;
  } catch {
    return null;
  }
}

/**
 * LTI Dynamic Registration 1.0 (issue 29 point 1, ADR 0088): GET /api/lti/register brings the LMS
 * admin's browser here with openid_configuration and registration_token. Nothing happens on the
 * GET (a link cannot register a platform for an owner who did not ask): the owner confirms, the
 * action registers, the page shows the result, and "Close" tells the LMS it is done.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  const url = new URL(request.url);
  const openidConfiguration = url.searchParams.get("openid_configuration");
  return { openidConfiguration, registrationToken: url.searchParams.get("registration_token"), origin: originOf(openidConfiguration), messages: routeMessages(request, "lti") };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireOwner(context, request);
  const form = await request.formData();
  try {
    const input = { openidConfiguration: field(form, "openidConfiguration"), registrationToken: field(form, "registrationToken") || null, name: field(form, "name") || undefined };
    return actionSuccess(await registerDynamically(context.get(servicesContext), callerOf(context, request), input));
  } catch (error) {
    return actionFailure(error);
  }
}

/** LTI Dynamic Registration 1.0 §3.7: the tool tells the LMS's window (its opener or its frame's parent) that it is done. */
function closeRegistration() {
  (window.opener ?? window.parent).postMessage({ subject: "org.imsglobal.lti.close" }, "*");
}

export default function LtiRegister({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["lti", "common"]);
  const navigation = useNavigation();
  const { openidConfiguration, registrationToken, origin } = loaderData;
  const done = actionData && "ok" in actionData;

  return (
    <section className="shell-page lti-page" aria-labelledby="page-title">
      <title>{`${t("register.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("register.title")}
      </h1>
      {actionData && (
        <Alert variant={done ? "success" : "danger"} autoHideMs={null} isDismissable={false}>
          {sayAnswer(t, LTI_CODE_KEYS, actionData)}
        </Alert>
      )}
      {!origin ? (
        <Alert variant="danger" autoHideMs={null} isDismissable={false}>
          {t("codes.LTI_REGISTRATION_PARAMS_MISSING")}
        </Alert>
      ) : done ? (
        <>
          <p className="lti-page__note">{t("register.done")}</p>
          <div className="lti-page__actions">
            <Button variant="primary" onPress={closeRegistration}>
              {t("register.close")}
            </Button>
            <Link to="/admin/lti">{t("register.backToList")}</Link>
          </div>
        </>
      ) : (
        <>
          <p className="shell-page__lead">{t("register.lead", { origin })}</p>
          {actionData && <p className="lti-page__note">{t("register.retry")}</p>}
          <Form className="lti-register-form">
            <input type="hidden" name="openidConfiguration" value={openidConfiguration ?? ""} />
            <input type="hidden" name="registrationToken" value={registrationToken ?? ""} />
            <TextField name="name" label={t("register.name")} defaultValue={new URL(origin).host} />
            <Button type="submit" variant="primary" isPending={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? t("register.working") : t("register.submit")}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

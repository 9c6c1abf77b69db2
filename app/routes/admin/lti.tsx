import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { addPlatform } from "../../../api/services/lti/platforms/add-platform";
import { listPlatforms } from "../../../api/services/lti/platforms/list-platforms";
import { ourValues } from "../../../api/services/lti/platforms/our-values";
import { removePlatform } from "../../../api/services/lti/platforms/remove-platform";
import { setPlatformEnabled } from "../../../api/services/lti/platforms/set-platform-enabled";
import { rotateToolKey } from "../../../api/services/lti/platforms/tool-key";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { AddPlatformForm } from "../../components/lti/AddPlatformForm";
import { LTI_CODE_KEYS } from "../../components/lti/messages";
import { PlatformTable } from "../../components/lti/PlatformTable";
import { ToolValuesList } from "../../components/lti/ToolValuesList";
import { Alert } from "../../components/ui/Alert";
import { ConfirmFormButton } from "../../components/ui/ConfirmFormButton";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { callerOf, requireOwner } from "../../utils/guards.server";
import { sayAnswer } from "../../utils/message-codes";
import ltiCss from "../../styles/lti.css?url";
import type { Route } from "./+types/lti";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ltiCss }];

const ADD_FIELDS = ["name", "issuer", "clientId", "deploymentIds", "authLoginUrl", "authTokenUrl", "keySetUrl", "authTokenAudience"] as const;

/** Issue 29 point 1 (ADR 0088): the owner's LMS platforms, through the same verbs as /api/lti/platform/*. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireOwner(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  return { platforms: await listPlatforms(services, caller), values: ourValues(services, caller), messages: routeMessages(request, "lti") };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireOwner(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  const intent = field(form, "intent");
  const values = Object.fromEntries(ADD_FIELDS.map((name) => [name, field(form, name)]));
  try {
    switch (intent) {
      case "add":
        return actionSuccess(await addPlatform(services, caller, values), { intent });
      case "enable":
        return actionSuccess(await setPlatformEnabled(services, caller, { platformId: field(form, "platformId"), enabled: field(form, "enabled") === "true" }), { intent });
      case "remove":
        return actionSuccess(await removePlatform(services, caller, { platformId: field(form, "platformId") }), { intent });
      case "rotate":
        return actionSuccess(await rotateToolKey(services, caller), { intent });
      default:
        return data({ message: "Field is not valid", intent }, { status: 400 });
    }
  } catch (error) {
    return actionFailure(error, { intent, values: intent === "add" ? values : undefined });
  }
}

export default function LtiPlatforms({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["lti", "common"]);
  const { platforms, values } = loaderData;
  const failedAdd = actionData && !("ok" in actionData) && actionData.intent === "add" && "errors" in actionData && actionData.errors ? actionData : undefined;
  const pageAnswer = actionData && !failedAdd ? actionData : undefined;

  return (
    <section className="shell-page lti-page" aria-labelledby="page-title">
      <title>{`${t("platforms.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("platforms.title")}
      </h1>
      <p className="shell-page__lead">{t("platforms.lead")}</p>
      {pageAnswer && (
        <Alert variant={"ok" in pageAnswer ? "success" : "danger"} resetKey={pageAnswer}>
          {sayAnswer(t, LTI_CODE_KEYS, pageAnswer)}
        </Alert>
      )}

      <section className="lti-page__section" aria-labelledby="platforms-heading">
        <h2 id="platforms-heading" className="lti-page__heading">
          {t("platforms.listHeading")}
        </h2>
        <PlatformTable platforms={platforms} />
      </section>

      <section className="lti-page__section" aria-labelledby="ours-heading">
        <h2 id="ours-heading" className="lti-page__heading">
          {t("platforms.ours.heading")}
        </h2>
        <p className="lti-page__note">{t("platforms.ours.lead")}</p>
        <ToolValuesList values={values} />
      </section>

      <section className="lti-page__section" aria-labelledby="add-heading">
        <h2 id="add-heading" className="lti-page__heading">
          {t("platforms.add.heading")}
        </h2>
        <p className="lti-page__note">{t("platforms.add.lead")}</p>
        <AddPlatformForm key={failedAdd ? "failed" : platforms.length} failed={failedAdd} />
      </section>

      <section className="lti-page__section" aria-labelledby="key-heading">
        <h2 id="key-heading" className="lti-page__heading">
          {t("platforms.key.heading")}
        </h2>
        <p className="lti-page__note">{t("platforms.key.lead")}</p>
        <ConfirmFormButton
          label={t("platforms.key.rotate")}
          title={t("platforms.key.rotateTitle")}
          body={t("platforms.key.rotateText")}
          confirmLabel={t("platforms.key.rotate")}
          cancelLabel={t("platforms.cancel")}
          fields={{ intent: "rotate" }}
          variant="secondary"
        />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

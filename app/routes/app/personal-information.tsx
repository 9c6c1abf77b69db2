import { useTranslation } from "react-i18next";
import { getPersonalInformation, updatePersonalInformation } from "../../../api/services/users/update-personal-information";
import { useIsSubmitting, useMessageTranslator } from "../../components/auth/hooks";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { Alert } from "../../components/ui/Alert";
import { Button } from "../../components/ui/Button";
import { Form } from "../../components/ui/Form";
import { TextField } from "../../components/ui/TextField";
import { useSchemaForm } from "../../components/ui/useSchemaForm";
import { authSchema } from "../../components/auth/lazy-schemas";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { type CodedAnswer, type CodeKeys, keyOfCode, sayAnswer } from "../../utils/message-codes";
import { callerOf, requireUser } from "../../utils/guards.server";
import type { Route } from "./+types/personal-information";

/**
 * Spec 2.1 settings link (docs/decisions/0046): the signed-in user's own names, through the
 * same verb as POST /api/users/me/update. The header's name follows at once: the session
 * user is read from the database on every request (load-session-user.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const info = await getPersonalInformation(context.get(servicesContext), callerOf(context, request));
  return { info, messages: routeMessages(request, "home", "auth", "security") };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireUser(context, request);
  const form = await request.formData();
  const values = { fullname: field(form, "fullname"), username: field(form, "username") };
  try {
    const { code, message } = await updatePersonalInformation(context.get(servicesContext), callerOf(context, request), values);
    return actionSuccess({ code, message });
  } catch (error) {
    return actionFailure(error, { values });
  }
}

/** This page's own words for the codes it shows (docs/decisions/0061); the form's checks are auth.json's. */
export const PERSONAL_CODE_KEYS: CodeKeys = {
  PERSONAL_INFORMATION_UPDATED: "home:personal.updated",
  USERNAME_TAKEN: "home:personal.usernameTaken",
};

export default function PersonalInformation({ loaderData, actionData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["home", "auth", "common"]);
  const authTranslate = useMessageTranslator();
  const translate = (message: string | CodedAnswer) =>
    typeof message !== "string" && keyOfCode(PERSONAL_CODE_KEYS, message.code) ? sayAnswer(t, PERSONAL_CODE_KEYS, message) : authTranslate(message);
  const submitting = useIsSubmitting();
  const answer = actionData ?? null;
  const serverErrors = answer && !("ok" in answer) ? answer : undefined;
  const { formProps } = useSchemaForm({ schema: authSchema("UpdatePersonalInformationInput"), serverErrors, translate });
  const { info } = loaderData;
  // A refused form shows what was typed; otherwise the saved values.
  const shown = answer && "values" in answer && answer.values ? answer.values : info;

  return (
    <section className="shell-page home-page" aria-labelledby="page-title">
      <title>{`${t("personal.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("personal.title")}
      </h1>
      <p className="shell-page__lead">{t("personal.lead")}</p>
      {answer && (
        <Alert variant={"ok" in answer ? "success" : "danger"} resetKey={answer}>
          {translate(answer)}
        </Alert>
      )}
      <div className="account-card home-form">
        <Form method="post" {...formProps}>
          <TextField name="fullname" label={t("auth:fields.fullname")} autoComplete="name" defaultValue={shown.fullname} isRequired key={`f-${shown.fullname}`} />
          <TextField
            name="username"
            label={t("auth:fields.username")}
            autoComplete="username"
            spellCheck="false"
            defaultValue={shown.username}
            isRequired
            key={`u-${shown.username}`}
          />
          <TextField type="email" label={t("personal.email")} value={info.email} isReadOnly description={t("personal.emailNote")} />
          <div className="account-card__actions">
            <Button type="submit" isPending={submitting}>
              {t("personal.save")}
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

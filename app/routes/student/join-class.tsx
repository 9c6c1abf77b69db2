import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { clientAddressOf } from "../../../api/services/auth/client-address";
import { joinClass } from "../../../api/services/classes/join-class";
import type { StudentClassEntity } from "../../../api/services/classes/schemas";
import { ClassesPage } from "../../components/classes/ClassesPage";
import { CLASS_CODE_KEYS, spacedJoinCode } from "../../components/classes/messages";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, type ActionFailure, actionSuccess } from "../../utils/form-answers.server";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { sayAnswer, sayFieldErrors } from "../../utils/message-codes";
import classesCss from "../../styles/classes.css?url";
import { StudentClassCard } from "./classes";
import type { Route } from "./+types/join-class";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: classesCss }];

/**
 * Issue 27 point 1, /student/join/:joinCode (ADR 0075): a class's join link. Opening it joins
 * nothing (a link can be opened by a preview or by mistake): the student confirms, then sees
 * the class. A signed-out student is sent to sign in (or sign up) first and comes back here
 * (app/utils/return-after-sign-in.ts).
 */
export function loader({ context, request, params }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  return { joinCode: params.joinCode.slice(0, 40), messages: routeMessages(request, "classes") };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireUserType(context, request, "Student");
  try {
    const joined = await joinClass(context.get(servicesContext), callerOf(context, request), { joinCode: params.joinCode }, { clientAddress: clientAddressOf(request.headers) });
    return actionSuccess(joined, { entity: joined.entity });
  } catch (error) {
    return actionFailure(error);
  }
}

export default function JoinClass({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["classes", "common"]);
  const answer = useActionData<typeof action>() as (ActionFailure & { ok?: true; entity?: StudentClassEntity }) | undefined;
  const busy = useNavigation().state === "submitting";
  const refusal = answer && !answer.ok ? (sayFieldErrors(t, CLASS_CODE_KEYS, answer)?.joinCode ?? sayAnswer(t, CLASS_CODE_KEYS, answer)) : undefined;
  return (
    <ClassesPage title={t("joinLink.title")}>
      {answer?.ok && answer.entity ? (
        <>
          <p role="status" className="classes-status">
            {sayAnswer(t, CLASS_CODE_KEYS, answer)}
          </p>
          <ul className="classes-cards">
            <StudentClassCard klass={answer.entity} />
          </ul>
          <p>
            <Link to="/student/classes">{t("joinLink.myClasses")}</Link>
          </p>
        </>
      ) : (
        <Form method="post" className="classes-create">
          <p>{t("joinLink.confirm", { code: spacedJoinCode(loaderData.joinCode) })}</p>
          {refusal ? (
            <p role="alert" className="classes-error">
              {refusal}
            </p>
          ) : null}
          <div className="classes-inline">
            <button type="submit" className="ui-button ui-button--primary ui-button--md" disabled={busy}>
              {t("joinLink.button")}
            </button>
            <Link to="/student/classes" className="ui-button ui-button--ghost ui-button--md">
              {t("joinLink.cancel")}
            </Link>
          </div>
        </Form>
      )}
    </ClassesPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

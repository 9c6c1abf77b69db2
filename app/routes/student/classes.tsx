import { useTranslation } from "react-i18next";
import { useActionData, useNavigation } from "react-router";
import { clientAddressOf } from "../../../api/services/auth/client-address";
import { joinClass } from "../../../api/services/classes/join-class";
import { listClasses } from "../../../api/services/classes/list-classes";
import type { StudentClassEntity } from "../../../api/services/classes/schemas";
import { ClassesEmpty, ClassesPage, ClassFormCard } from "../../components/classes/ClassesPage";
import { FieldWithError } from "../../components/classes/FieldWithError";
import { CLASS_CODE_KEYS } from "../../components/classes/messages";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, type ActionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { callerOf, requireUserType } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { sayAnswer, sayFieldErrors } from "../../utils/message-codes";
import classesCss from "../../styles/classes.css?url";
import type { Route } from "./+types/classes";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: classesCss }];

/** Issue 27 point 1, /student/classes (ADR 0075): the classes a student is in, and joining one by its code. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireUserType(context, request, "Student");
  try {
    const list = await listClasses(context.get(servicesContext), callerOf(context, request), { queryParams: { pageSize: 100 } });
    return { classes: list.entities as StudentClassEntity[], messages: routeMessages(request, "classes") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  requireUserType(context, request, "Student");
  const form = await request.formData();
  const values = { joinCode: field(form, "joinCode") };
  try {
    return actionSuccess(await joinClass(context.get(servicesContext), callerOf(context, request), values, { clientAddress: clientAddressOf(request.headers) }));
  } catch (error) {
    return actionFailure(error, { values });
  }
}

/** One class as a student reads it: its name, code and teachers. */
export function StudentClassCard({ klass }: { klass: StudentClassEntity }) {
  const { t } = useTranslation(["classes"]);
  return (
    <li className="classes-card">
      <h3 className="classes-card__name">
        {klass.name}
        {klass.code ? <span className="classes-code"> · {klass.code}</span> : null}
      </h3>
      <p className="ui-field__description">{t("roster.taughtBy", { names: klass.teachers.map((teacher) => teacher.fullname).join(", ") })}</p>
    </li>
  );
}

export default function StudentClasses({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["classes", "common"]);
  const answer = useActionData<typeof action>() as (ActionFailure & { ok?: true }) | undefined;
  const busy = useNavigation().state === "submitting";
  const errors = answer && !answer.ok ? sayFieldErrors(t, CLASS_CODE_KEYS, answer) : undefined;
  const refusal = answer && !answer.ok ? (errors?.joinCode ?? sayAnswer(t, CLASS_CODE_KEYS, answer)) : undefined;
  return (
    <ClassesPage title={t("mine.title")}>
      <ClassFormCard
        id="join-title"
        title={t("mine.join")}
        fields={
          <>
            <FieldWithError
              name="joinCode"
              label={t("mine.code")}
              className="classes-code-input"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              defaultValue={answer?.values?.joinCode}
              error={refusal}
            />
            <button type="submit" className="ui-button ui-button--primary ui-button--md" disabled={busy}>
              {t("mine.joinButton")}
            </button>
          </>
        }
      >
        {refusal ? (
          <p role="alert" className="ui-visually-hidden">
            {refusal}
          </p>
        ) : answer?.ok ? (
          <p role="status" className="classes-status">
            {sayAnswer(t, CLASS_CODE_KEYS, answer)}
          </p>
        ) : null}
      </ClassFormCard>
      {loaderData.classes.length === 0 ? (
        <ClassesEmpty>
          <h2>{t("mine.empty")}</h2>
          <p>{t("mine.emptyText")}</p>
        </ClassesEmpty>
      ) : (
        <ul className="classes-cards" aria-label={t("mine.title")}>
          {loaderData.classes.map((klass) => (
            <StudentClassCard key={klass.id} klass={klass} />
          ))}
        </ul>
      )}
    </ClassesPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { createClass } from "../../../api/services/classes/create-class";
import { listClasses } from "../../../api/services/classes/list-classes";
import type { ClassEntity } from "../../../api/services/classes/schemas";
import { FieldWithError } from "../../components/classes/FieldWithError";
import { CLASS_CODE_KEYS } from "../../components/classes/messages";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { actionFailure, type ActionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { sayAnswer, sayFieldErrors } from "../../utils/message-codes";
import classesCss from "../../styles/classes.css?url";
import type { Route } from "./+types/classes";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: classesCss }];

/**
 * Issue 27 point 1, /teacher/classes (ADR 0075): the classes a teacher teaches (every class of
 * the school for the owner), each with its teachers and number of students, and a form to make
 * one. Works without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  try {
    const list = await listClasses(context.get(servicesContext), callerOf(context, request), { queryParams: { pageSize: 100 } });
    return { classes: list.entities as ClassEntity[], totalCount: list.totalCount, messages: routeMessages(request, "classes") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const form = await request.formData();
  const values = { name: field(form, "name"), code: field(form, "code") };
  try {
    const made = await createClass(context.get(servicesContext), callerOf(context, request), values);
    return actionSuccess(made, { classId: made.entity.id });
  } catch (error) {
    return actionFailure(error, { values });
  }
}

export default function TeacherClasses({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation(["classes", "common"]);
  const answer = useActionData<typeof action>() as (ActionFailure & { ok?: true; classId?: number }) | undefined;
  const busy = useNavigation().state === "submitting";
  const number = new Intl.NumberFormat(i18n.language);
  const errors = answer && !answer.ok ? sayFieldErrors(t, CLASS_CODE_KEYS, answer) : undefined;
  return (
    <section className="shell-page classes" aria-labelledby="page-title">
      <title>{`${t("list.title")} · ${t("common:app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("list.title")}
      </h1>
      <Form method="post" className="classes-create" aria-labelledby="create-title">
        <h2 id="create-title" className="classes-create__title">
          {t("list.create")}
        </h2>
        <div className="classes-create__fields">
          <FieldWithError name="name" label={t("fields.name")} required maxLength={60} defaultValue={answer?.values?.name} error={errors?.name} />
          <FieldWithError name="code" label={t("fields.code")} hint={t("fields.codeHint")} maxLength={20} defaultValue={answer?.values?.code} error={errors?.code} />
          <button type="submit" className="ui-button ui-button--primary ui-button--md" disabled={busy}>
            {t("list.createButton")}
          </button>
        </div>
        {answer?.ok ? (
          <p role="status" className="classes-status">
            {sayAnswer(t, CLASS_CODE_KEYS, answer)}{" "}
            <Link to={`/teacher/classes/${answer.classId}`}>{t("list.openNew")}</Link>
          </p>
        ) : answer && !errors?.name && !errors?.code ? (
          <p role="alert" className="classes-error">{sayAnswer(t, CLASS_CODE_KEYS, answer)}</p>
        ) : null}
      </Form>
      {loaderData.classes.length === 0 ? (
        <div className="shell-coming-soon__card classes-empty">
          <h2>{t("list.empty")}</h2>
          <p>{t("list.emptyText")}</p>
        </div>
      ) : (
        <div className="shell-table-wrap">
          <table className="shell-table classes-table">
            <caption className="ui-visually-hidden">{t("list.caption", { count: loaderData.totalCount })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("fields.name")}</th>
                <th scope="col">{t("fields.code")}</th>
                <th scope="col">{t("fields.teachers")}</th>
                <th scope="col" className="classes-table__number">{t("fields.students")}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.classes.map((klass) => (
                <tr key={klass.id}>
                  <td data-label={t("fields.name")}>
                    <Link to={`/teacher/classes/${klass.id}`}>{klass.name}</Link>
                  </td>
                  <td data-label={t("fields.code")}>{klass.code ?? "—"}</td>
                  <td data-label={t("fields.teachers")}>{klass.teachers.map((teacher) => teacher.fullname).join(", ") || "—"}</td>
                  <td data-label={t("fields.students")} className="classes-table__number">
                    {number.format(klass.studentCount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

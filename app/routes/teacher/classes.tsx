import { useTranslation } from "react-i18next";
import { Link, useActionData, useNavigation } from "react-router";
import { createClass } from "../../../api/services/classes/create-class";
import { listClasses } from "../../../api/services/classes/list-classes";
import type { ClassEntity } from "../../../api/services/classes/schemas";
import { ClassesPage, ClassesTable, ClassFormCard } from "../../components/classes/ClassesPage";
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
    // After the class page deleted a class, or its teacher stopped teaching it: said here, where they land.
    const asked = new URL(request.url).searchParams;
    const notice = asked.has("deleted") ? ("deleted" as const) : asked.has("left") ? ("left" as const) : null;
    return { classes: list.entities as ClassEntity[], totalCount: list.totalCount, notice, messages: routeMessages(request, "classes") };
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
    <ClassesPage title={t("list.title")}>
      {loaderData.notice ? (
        <p role="status" className="classes-status">
          {loaderData.notice === "deleted" ? t("codes.CLASS_DELETED") : t("manage.left")}
        </p>
      ) : null}
      <ClassFormCard
        id="create-title"
        title={t("list.create")}
        fields={
          <>
            <FieldWithError name="name" label={t("fields.name")} required maxLength={60} defaultValue={answer?.values?.name} error={errors?.name} />
            <FieldWithError name="code" label={t("fields.code")} hint={t("fields.codeHint")} maxLength={20} defaultValue={answer?.values?.code} error={errors?.code} />
            <button type="submit" className="ui-button ui-button--primary ui-button--md" disabled={busy}>
              {t("list.createButton")}
            </button>
          </>
        }
      >
        {answer?.ok ? (
          <p role="status" className="classes-status">
            {sayAnswer(t, CLASS_CODE_KEYS, answer)}{" "}
            <Link to={`/teacher/classes/${answer.classId}`}>{t("list.openNew")}</Link>
          </p>
        ) : answer && !errors?.name && !errors?.code ? (
          <p role="alert" className="classes-error">{sayAnswer(t, CLASS_CODE_KEYS, answer)}</p>
        ) : null}
      </ClassFormCard>
      <ClassesTable
        isEmpty={loaderData.classes.length === 0}
        empty={
          <>
            <h2>{t("list.empty")}</h2>
            <p>{t("list.emptyText")}</p>
          </>
        }
        caption={t("list.caption", { count: loaderData.totalCount })}
      >
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
      </ClassesTable>
    </ClassesPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

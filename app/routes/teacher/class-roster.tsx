import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { changeMembers, type MembersAnswer } from "../../../api/services/classes/change-members";
import { classCandidates } from "../../../api/services/classes/class-candidates";
import { findClass } from "../../../api/services/classes/find-class";
import { deleteClass } from "../../../api/services/classes/delete-class";
import { classTeacherChoices } from "../../../api/services/classes/teacher-choices";
import { updateClass } from "../../../api/services/classes/update-class";
import { classQuizzes } from "../../../api/services/classes/class-quizzes";
import { ClassQuizResults } from "../../components/class-filter/ClassQuizResults";
import { mayManageClass } from "../../../api/services/core/permissions";
import { ClassDetailsForm } from "../../components/classes/ClassDetailsForm";
import { ClassesPage, ClassesTable } from "../../components/classes/ClassesPage";
import { ConfirmFormButton } from "../../components/ui/ConfirmFormButton";
import { JoinCodePanel } from "../../components/classes/JoinCodePanel";
import { CLASS_CODE_KEYS, joinPath } from "../../components/classes/messages";
import { RosterImport } from "../../components/classes/RosterImport";
import { RouteErrorBoundary } from "../../components/layout/RouteErrorBoundary";
import { servicesContext } from "../../context";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import { useDates } from "../../components/layout/use-dates";
import { actionFailure, type ActionFailure, actionSuccess, field } from "../../utils/form-answers.server";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import { loaderFailure } from "../../utils/loader-failure.server";
import { sayAnswer } from "../../utils/message-codes";
import classesCss from "../../styles/classes.css?url";
import type { Route } from "./+types/class-roster";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: classesCss }];

/**
 * Issue 27 point 1, /teacher/classes/:classId (ADR 0075): a class's roster for its teachers and
 * the owner: add the school's students from a searchable list or by e-mail, remove them, hand
 * out the join code or link (or make a new one), import a roster CSV; rename the class, change
 * its teachers, delete it (after a confirmation naming it and what becomes of its students); and
 * the class's results by quiz, each a link to the quiz's stats filtered by the class (ADR 0080).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const search = new URL(request.url).searchParams.get("q") ?? "";
  try {
    const { entity } = await findClass(services, caller, { classId: params.classId });
    const [candidates, teacherChoices, quizzes] = await Promise.all([
      classCandidates(services, caller, { classId: entity.id, search }),
      classTeacherChoices(services, caller),
      classQuizzes(services, caller, { classId: entity.id }),
    ]);
    return { klass: entity, candidates, teacherChoices, quizzes, search, joinUrl: `${services.config.appUrl}/quiz${joinPath(entity.joinCode)}`, messages: routeMessages(request, "classes", "reports") };
  } catch (error) {
    throw loaderFailure(error);
  }
}

/** E-mails typed one a line, or separated by commas, semicolons or spaces, and those ticked in the list. */
const emailsOf = (form: FormData) => [...form.getAll("email").map(String), ...field(form, "emails").split(/[\s,;]+/)].map((e) => e.trim()).filter(Boolean);

export async function action({ context, request, params }: Route.ActionArgs) {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  const caller = callerOf(context, request);
  const form = await request.formData();
  const intent = field(form, "intent");
  if (intent === "update") return saveDetails(services, caller, params.classId, form);
  if (intent === "delete") {
    try {
      await deleteClass(services, caller, { classId: params.classId });
    } catch (error) {
      return actionFailure(error, { intent });
    }
    // The list says it (there is no class page left to say it on).
    throw redirect("/teacher/classes?deleted");
  }
  try {
    if (intent === "newCode") return actionSuccess(await updateClass(services, caller, { classId: Number(params.classId), newJoinCode: true }), { intent });
    const members = await changeMembers(services, caller, intent === "remove" ? { classId: params.classId, remove: [Number(field(form, "userId"))] } : { classId: params.classId, add: emailsOf(form) });
    return actionSuccess(members, { intent, refused: members.refused });
  } catch (error) {
    return actionFailure(error, { intent });
  }
}

/** Rename, new school code, teachers ticked from the school's (none ticked: none). A teacher who unticks themselves goes back to the list. */
async function saveDetails(services: Parameters<typeof updateClass>[0], caller: Parameters<typeof updateClass>[1], classId: string, form: FormData) {
  const values = { name: field(form, "name"), code: field(form, "code") };
  const teachers = form.has("teachersShown") ? form.getAll("teacher").map(Number) : undefined;
  try {
    const updated = await updateClass(services, caller, { classId: Number(classId), ...values, teachers });
    if (!mayManageClass(caller, updated.entity.teachers.map((teacher) => teacher.userId))) throw redirect("/teacher/classes?left");
    return actionSuccess(updated, { intent: "update" });
  } catch (error) {
    if (error instanceof Response) throw error;
    return actionFailure(error, { intent: "update", values });
  }
}

export default function ClassRoster({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation(["classes", "common", "reports"]);
  const { klass, candidates, teacherChoices, search, joinUrl } = loaderData;
  const answer = useActionData<typeof action>() as (ActionFailure & { ok?: true; refused?: MembersAnswer["refused"] }) | undefined;
  // The details form says its own field refusals beside the fields.
  const saidOnFields = answer && !answer.ok && answer.intent === "update" && answer.errors !== undefined;
  const busy = useNavigation().state !== "idle";
  // The school's zone, named, the same on the server and in the browser (ADR 0082).
  const dates = useDates();
  const who = (refusal: MembersAnswer["refused"][number]) => refusal.email ?? klass.students.find((s) => s.userId === refusal.userId)?.fullname ?? String(refusal.userId);
  return (
    <ClassesPage
      title={klass.name}
      before={
        <p>
          <Link to="/teacher/classes">{t("roster.back")}</Link>
        </p>
      }
      heading={
        <>
          {klass.name}
          {klass.code ? <span className="classes-code"> · {klass.code}</span> : null}
        </>
      }
    >
      <div className="classes-head">
        <p className="classes-teachers">{t("roster.taughtBy", { names: klass.teachers.map((teacher) => teacher.fullname).join(", ") })}</p>
        <ConfirmFormButton
          label={t("manage.delete")}
          title={t("manage.deleteTitle", { name: klass.name })}
          body={`${t("manage.deleteBody", { count: klass.studentCount })} ${t("manage.deleteEnd")}`}
          confirmLabel={t("manage.deleteConfirm")}
          cancelLabel={t("manage.deleteCancel")}
          fields={{ intent: "delete" }}
        />
      </div>
      {/* Issue 27 point 5 (ADR 0081): the class's results grid; each name below opens the student's report. */}
      <p>
        <Link to={`/teacher/reports/class/${klass.id}`}>{t("reports:grid.open")}</Link>
      </p>
      {answer && !saidOnFields ? (
        <div role={answer.ok ? "status" : "alert"} className={answer.ok ? "classes-status" : "classes-error"}>
          <p>{sayAnswer(t, CLASS_CODE_KEYS, answer)}</p>
          {answer.refused?.length ? (
            <ul>
              {answer.refused.map((refusal) => (
                <li key={`${refusal.email ?? refusal.userId}`}>{t("roster.refused", { who: who(refusal), reason: t(`reasons.${refusal.reason}`) })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="classes-columns">
        <JoinCodePanel joinCode={klass.joinCode} joinUrl={joinUrl} />
        <section className="classes-add" aria-labelledby="add-title">
          <h2 id="add-title" className="classes-section__title">
            {t("roster.addTitle")}
          </h2>
          <Form method="get" className="classes-inline" role="search">
            <label className="ui-field classes-grow">
              <span className="ui-field__label">{t("roster.search")}</span>
              <input className="ui-input" type="search" name="q" defaultValue={search} />
            </label>
            <button type="submit" className="ui-button ui-button--secondary ui-button--md">
              {t("roster.searchButton")}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="add" />
            <fieldset className="classes-picker">
              <legend className="ui-field__label">{t("roster.pick", { count: candidates.length })}</legend>
              {candidates.length === 0 ? <p className="ui-field__description">{t("roster.noCandidates")}</p> : null}
              {candidates.map((candidate) => (
                <label key={candidate.userId} className="classes-picker__row">
                  <input type="checkbox" name="email" value={candidate.email} /> <span>{candidate.fullname}</span> <span className="ui-field__description">{candidate.email}</span>
                </label>
              ))}
            </fieldset>
            <label className="ui-field">
              <span className="ui-field__label">{t("roster.byEmail")}</span>
              <textarea className="ui-input" name="emails" rows={3} aria-describedby="emails-hint" />
              <span id="emails-hint" className="ui-field__description">
                {t("roster.byEmailHint")}
              </span>
            </label>
            <button type="submit" className="ui-button ui-button--primary ui-button--md" disabled={busy}>
              {t("roster.addButton")}
            </button>
          </Form>
        </section>
      </div>
      <RosterImport classId={klass.id} />
      <ClassDetailsForm klass={klass} teacherChoices={teacherChoices} answer={answer} />
      <h2 className="classes-section__title">{t("roster.title", { count: klass.studentCount })}</h2>
      <ClassesTable isEmpty={klass.students.length === 0} empty={<p>{t("roster.empty")}</p>}>
        <thead>
          <tr>
            <th scope="col">{t("fields.student")}</th>
            <th scope="col">{t("fields.email")}</th>
            <th scope="col">{t("fields.joined")}</th>
            <th scope="col">
              <span className="ui-visually-hidden">{t("roster.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {klass.students.map((student) => (
            <tr key={student.userId}>
              <td data-label={t("fields.student")}>
                <Link to={`/teacher/reports/student/${student.userId}`}>{student.fullname}</Link>
              </td>
              <td data-label={t("fields.email")}>{student.email}</td>
              <td data-label={t("fields.joined")}>{t(`joinedBy.${student.joinedBy}`, { date: dates.date(student.joinedAt) })}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="userId" value={student.userId} />
                  <button type="submit" className="ui-button ui-button--ghost ui-button--sm" aria-label={t("roster.removeLabel", { name: student.fullname })}>
                    {t("roster.remove")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </ClassesTable>
      <ClassQuizResults classId={klass.id} quizzes={loaderData.quizzes} />
    </ClassesPage>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { GradeSendRow } from "../../../api/services/lti/ags/grade-sends-view";
import type { CourseRoster, RosterMember } from "../../../api/services/lti/nrps/roster";
import { useDates } from "../layout/use-dates";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { PanelTable } from "../ui/PanelTable";
import type { LmsStatsPart } from "./lms-stats.server";

const STATE_BADGE: Record<GradeSendRow["state"], string> = { sent: "shell-badge--success", waiting: "shell-badge--warning", failed: "shell-badge--danger" };

/** What routes/teacher/quiz-lms.ts answers: a roster, a resend, a reminder, or a refusal by code. */
type LmsAnswer =
  | { ok: true; rosters: CourseRoster[] }
  | { ok: true; intent: "resend" | "resendFailed"; queued: number }
  | { ok: true; intent: "email"; sent: number; withoutEmail: number }
  | { ok: false; code?: string };

export const lmsPath = (quizId: number) => `/teacher/quiz/${quizId}/lms`;

/**
 * The stats page's LMS panel (issue 29, ADR 0089), for a quiz an LMS links to: the grade sends
 * with their state and, for a failure, its reason in the reader's language, a resend per row
 * and for every failed one; then the LMS class, read from the LMS on a click, with who has not
 * taken the quiz yet and "E-mail them".
 */
export function LmsPanel({ quizId, lms }: { quizId: number; lms: LmsStatsPart }) {
  const { t } = useTranslation("lti");
  const dates = useDates();
  const resend = useFetcher<LmsAnswer>();
  const failed = lms.sends.filter((row) => row.state === "failed").length;
  const resent = resend.state === "idle" ? resend.data : undefined;

  return (
    <div className="lms-panel">
      <PanelTable
        id="lms-grades"
        title={t("grades.title")}
        hint={t("grades.lead")}
        hintClassName="lms-panel__lead"
        className="lms-panel__section"
        titleClassName="lms-panel__title"
        rows={lms.sends}
        rowKey={(row) => row.id}
        caption={t("grades.title")}
        empty={<p className="lms-panel__empty">{t("grades.none")}</p>}
        columns={[
          {
            key: "student",
            header: t("grades.student"),
            labelled: true,
            cell: (row) => (
              <>
                <span className="lms-panel__name">{row.studentName}</span> <span className="lms-panel__muted">{row.email}</span>
              </>
            ),
          },
          {
            key: "state",
            header: t("grades.state"),
            labelled: true,
            cell: (row) => (
              <>
                <span className={`shell-badge ${STATE_BADGE[row.state]}`}>{t(`grades.states.${row.state}`)}</span>
                {row.lastError && <span className="lms-panel__reason">{t(`reasons.${row.lastError}`, { defaultValue: t("reasons.LTI_SEND_ERROR") })}</span>}
              </>
            ),
          },
          {
            key: "score",
            header: t("grades.score"),
            labelled: true,
            cell: (row) => (
              <>
                {row.scoreGiven === null ? "" : `${row.scoreGiven} / 100`}
                {row.gradingProgress === "PendingManual" && <span className="lms-panel__muted"> ({t("grades.pendingManual")})</span>}
              </>
            ),
          },
          {
            key: "detail",
            header: t("grades.detail"),
            labelled: true,
            cell: (row) => (
              <span className="lms-panel__muted">
                {row.state === "sent" && row.sentAt !== null ? t("grades.sentAt", { date: dates.forReader(row.sentAt) }) : null}
                {row.state === "waiting" && row.nextTryAt !== null ? t("grades.nextTry", { date: dates.forReader(row.nextTryAt) }) : null}
                {row.tries > 0 && row.state !== "sent" ? ` ${t("grades.tries", { count: row.tries })}` : null}
              </span>
            ),
          },
          {
            key: "actions",
            header: t("grades.actions"),
            hiddenHeader: true,
            cell: (row) =>
              row.state === "waiting" ? null : (
                <resend.Form method="post" action={lmsPath(quizId)}>
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="ids" value={row.id} />
                  <Button type="submit" size="sm" aria-label={t("grades.resendRow", { name: row.studentName })} isDisabled={resend.state !== "idle"}>
                    {t("grades.resend")}
                  </Button>
                </resend.Form>
              ),
          },
        ]}
      >
        {failed > 0 && (
          <resend.Form method="post" action={lmsPath(quizId)} className="lms-panel__actions">
            <input type="hidden" name="intent" value="resendFailed" />
            <Button type="submit" size="sm" variant="primary" isDisabled={resend.state !== "idle"}>
              {t("grades.resendFailed")}
            </Button>
          </resend.Form>
        )}
        {resent && (
          <Alert variant={resent.ok ? "success" : "danger"} resetKey={resent}>
            {resent.ok && "queued" in resent ? t("grades.queued", { count: resent.queued }) : refusal(t, resent)}
          </Alert>
        )}
      </PanelTable>
      {lms.roster && <LmsRoster quizId={quizId} />}
    </div>
  );
}

function refusal(t: (key: string) => string, answer: LmsAnswer): string {
  return !answer.ok && answer.code === "RATE_LIMITED" ? t("errors.tooMany") : t("reasons.LTI_SEND_ERROR");
}

function LmsRoster({ quizId }: { quizId: number }) {
  const { t } = useTranslation("lti");
  const roster = useFetcher<LmsAnswer>();
  const mail = useFetcher<LmsAnswer>();
  const rosters = roster.data?.ok && "rosters" in roster.data ? roster.data.rosters : null;
  const mailed = mail.state === "idle" ? mail.data : undefined;
  const notTaken = rosters?.flatMap((course) => course.learners).filter((learner) => learner.notTaken) ?? [];

  return (
    <section className="lms-panel__section" aria-labelledby="lms-roster-title">
      <h2 id="lms-roster-title" className="lms-panel__title">
        {t("roster.title")}
      </h2>
      <p className="lms-panel__lead">{t("roster.lead")}</p>
      <div className="lms-panel__actions">
        <Button size="sm" onPress={() => roster.load(lmsPath(quizId))} isPending={roster.state !== "idle"}>
          {t("roster.load")}
        </Button>
        {rosters && notTaken.length > 0 && (
          <mail.Form method="post" action={lmsPath(quizId)}>
            <input type="hidden" name="intent" value="email" />
            <Button type="submit" size="sm" variant="primary" isPending={mail.state !== "idle"}>
              {t("roster.emailThem")}
            </Button>
          </mail.Form>
        )}
      </div>
      {roster.state !== "idle" && <p role="status">{t("roster.loading")}</p>}
      {roster.data && !roster.data.ok && <Alert variant="danger">{refusal(t, roster.data)}</Alert>}
      {mailed && (
        <Alert variant={mailed.ok ? "success" : "danger"} resetKey={mailed}>
          {mailed.ok && "sent" in mailed
            ? [t("roster.emailed", { count: mailed.sent }), mailed.withoutEmail ? t("roster.withoutEmail", { count: mailed.withoutEmail }) : ""].join(" ")
            : refusal(t, mailed)}
        </Alert>
      )}
      {rosters?.map((course) => <CourseTable key={course.contextRowId} course={course} />)}
    </section>
  );
}

function CourseTable({ course }: { course: CourseRoster }) {
  const { t } = useTranslation("lti");
  const title = course.title ? t("roster.course", { title: course.title }) : t("roster.untitled");
  const notTaken = course.learners.filter((learner) => learner.notTaken).length;
  if (course.error) return <Alert variant="danger">{`${title}: ${t("roster.failed", { reason: t(`reasons.${course.error}`) })}`}</Alert>;
  return (
    <PanelTable<RosterMember>
      id={`lms-course-${course.contextRowId}`}
      title={title}
      hint={notTaken === 0 ? t("roster.nobodyLeft") : t("roster.count", { notTaken, total: course.learners.length })}
      hintClassName="lms-panel__lead"
      className="lms-panel__course"
      titleClassName="lms-panel__subtitle"
      rows={course.learners}
      rowKey={(learner) => learner.sub}
      caption={title}
      empty={null}
      columns={[
        { key: "name", header: t("roster.name"), labelled: true, cell: (learner) => learner.name ?? t("roster.noName") },
        { key: "email", header: t("roster.email"), labelled: true, cell: (learner) => learner.email ?? <span className="lms-panel__muted">{t("roster.noEmail")}</span> },
        {
          key: "taken",
          header: t("roster.taken"),
          labelled: true,
          cell: (learner) => <span className={`shell-badge ${learner.notTaken ? "shell-badge--warning" : "shell-badge--success"}`}>{learner.notTaken ? t("roster.takenNo") : t("roster.takenYes")}</span>,
        },
      ]}
    >
      {course.truncated && <p className="lms-panel__muted">{t("roster.truncated")}</p>}
    </PanelTable>
  );
}

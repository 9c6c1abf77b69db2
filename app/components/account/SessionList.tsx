import { useTranslation } from "react-i18next";
import type { SessionSummary } from "../../../api/services/auth/list-sessions";
import { useIsSubmitting } from "../auth/hooks";
import { useDates } from "../layout/use-dates";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import type { SecurityAnswer } from "./security-action.server";

/** The user's open sessions: one "Sign out" per other device, and "Sign out everywhere else". */
export function SessionList({ sessions, answer }: { sessions: SessionSummary[]; answer: SecurityAnswer | null }) {
  const { t } = useTranslation("security");
  const dates = useDates();
  const endingOthers = useIsSubmitting("end-others");
  const endingOne = useIsSubmitting("end-session");
  const mine = answer?.intent === "end-session" || answer?.intent === "end-others" ? answer : null;
  // Issue 27 point 6: the school's clock, and the reader's own beside it when they are abroad (ADR 0082).
  const date = (epochMs: number) => dates.forReader(epochMs);
  const device = (name: string) => (name === "Unknown device" ? t("sessions.unknownDevice") : name);
  const others = sessions.filter((session) => !session.current).length;

  return (
    <section className="account-card" aria-labelledby="sessions-title">
      <h3 id="sessions-title" className="account-card__title">
        {t("sessions.title")}
      </h3>
      <p className="account-card__lead">{t("sessions.description")}</p>
      {mine?.ok && (
        <Alert variant="success" resetKey={mine}>
          {mine.intent === "end-others" ? t("sessions.endedOthers", { count: mine.ended ?? 0 }) : t("sessions.ended")}
        </Alert>
      )}
      {mine && !mine.ok && (
        <Alert variant="danger" resetKey={mine}>
          {t("errors.sessionNotFound")}
        </Alert>
      )}
      <ul className="account-sessions">
        {sessions.map((session) => (
          <li key={session.id} className="account-session">
            <div className="account-session__device">
              <strong>{device(session.device)}</strong>
              {session.current && <span className="account-badge">{t("sessions.thisDevice")}</span>}
            </div>
            <dl className="account-session__dates">
              <div>
                <dt>{t("sessions.signedIn")}</dt>
                <dd>{date(session.createdAt)}</dd>
              </div>
              <div>
                <dt>{t("sessions.lastUsed")}</dt>
                <dd>{date(session.lastUsedAt)}</dd>
              </div>
            </dl>
            {!session.current && (
              <Form className="account-session__action">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  isPending={endingOne}
                  aria-label={t("sessions.signOutLabel", { device: device(session.device), date: date(session.createdAt) })}
                >
                  {t("sessions.signOut")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others === 0 && <p className="account-card__note">{t("sessions.onlyThis")}</p>}
      <Form className="account-card__actions">
        <input type="hidden" name="intent" value="end-others" />
        <Button type="submit" variant="danger" isPending={endingOthers}>
          {t("sessions.signOutOthers")}
        </Button>
      </Form>
      <p className="account-card__note">{t("sessions.signOutOthersHint")}</p>
    </section>
  );
}

import { useTranslation } from "react-i18next";
import type { KeyPairSummary } from "../../../api/services/auth/get-key-pair";
import type { SessionSummary } from "../../../api/services/auth/list-sessions";
import type { MfaStatus } from "../../../api/services/auth/mfa/mfa-status";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { KeyPairPanel } from "./KeyPairPanel";
import type { SecurityAnswer } from "./security-action.server";
import { SessionList } from "./SessionList";
import { TwoStepPanel } from "./TwoStepPanel";

/** The profile page's Security section: password, two-step sign-in, sessions per device, key pair. */
export function SecuritySection(props: {
  sessions: SessionSummary[];
  keyPair: KeyPairSummary | null;
  mfa: MfaStatus;
  answer: SecurityAnswer | null;
}) {
  const { t } = useTranslation("security");
  return (
    <section className="account-security" aria-labelledby="security-title">
      <h2 id="security-title" className="shell-page__subtitle">
        {t("security.title")}
      </h2>
      <p className="shell-page__lead">{t("security.intro")}</p>
      <div className="account-grid">
        <ChangePasswordForm answer={props.answer} />
        <TwoStepPanel status={props.mfa} answer={props.answer} />
        <SessionList sessions={props.sessions} answer={props.answer} />
        <KeyPairPanel keyPair={props.keyPair} answer={props.answer} />
      </div>
    </section>
  );
}

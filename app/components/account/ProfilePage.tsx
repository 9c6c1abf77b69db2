import { useTranslation } from "react-i18next";
import type { KeyPairSummary } from "../../../api/services/auth/get-key-pair";
import type { SessionSummary } from "../../../api/services/auth/list-sessions";
import type { MfaStatus } from "../../../api/services/auth/mfa/mfa-status";
import type { SessionUser } from "../../../api/services/auth/types";
import { Avatar } from "../layout/Avatar";
import { EmailVerificationStatus } from "./EmailVerificationStatus";
import { OwnerTwoStepAdvice } from "./OwnerTwoStepAdvice";
import { ProfileSummary } from "./ProfileSummary";
import type { SecurityAnswer } from "./security-action.server";
import { SecuritySection } from "./SecuritySection";

/** Spec 2.1 /user-profile: the signed-in user, then their Security section. */
export function ProfilePage(props: {
  user: SessionUser;
  sessions: SessionSummary[];
  keyPair: KeyPairSummary | null;
  mfa: MfaStatus;
  answer: SecurityAnswer | null;
}) {
  const { t } = useTranslation("security");
  const { t: tc } = useTranslation();
  const { user } = props;
  return (
    <section className="shell-page account-page" aria-labelledby="page-title">
      <title>{`${t("page.title")} · ${tc("app.name")}`}</title>
      <h1 id="page-title" className="shell-page__title">
        {t("page.title")}
      </h1>
      <div className="account-identity">
        <Avatar name={user.fullname} pic={user.pic} size="lg" />
        <p className="account-identity__name">{user.fullname}</p>
      </div>
      <ProfileSummary user={user} />
      <EmailVerificationStatus email={user.email} emailVerified={user.emailVerified} />
      {user.isOwner && !props.mfa.enabled && <OwnerTwoStepAdvice />}
      <SecuritySection sessions={props.sessions} keyPair={props.keyPair} mfa={props.mfa} answer={props.answer} />
    </section>
  );
}

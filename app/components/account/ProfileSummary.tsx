import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../api/services/auth/types";

/** Who is signed in (spec 3, User (session)): the facts the header's panel also shows. */
export function ProfileSummary({ user }: { user: SessionUser }) {
  const { t } = useTranslation("security");
  const { t: tc } = useTranslation();
  return (
    <dl className="account-facts">
      <div>
        <dt>{t("page.email")}</dt>
        <dd>{user.email}</dd>
      </div>
      <div>
        <dt>{t("page.userType")}</dt>
        <dd>{tc(`userTypes.${user.userType}`)}</dd>
      </div>
      <div>
        <dt>{t("page.business")}</dt>
        <dd>{user.business_name}</dd>
      </div>
      <div>
        <dt>{t("page.department")}</dt>
        <dd>{user.department_name ?? t("page.none")}</dd>
      </div>
    </dl>
  );
}

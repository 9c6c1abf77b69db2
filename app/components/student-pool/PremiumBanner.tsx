import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PremiumInfo } from "../../../api/services/student-quizzes/list-student-quizzes";
import { Alert } from "../ui/Alert";
import { subscriptionPath } from "./student-pool-query";

/**
 * Spec 2.4 / 4 premium: while the owner sells subscriptions and the student has none, the
 * pool holds premium quizzes back; this banner says so ('Displaying N of M quizzes') and
 * offers the subscription page. It stays (no auto-hide): it describes the list, not an event.
 */
export function PremiumBanner({ shown, premium }: { shown: number; premium: PremiumInfo }) {
  const { t } = useTranslation("studentPool");
  if (!premium.subscriptionEnabled || premium.subscribed || premium.totalCount <= shown) return null;
  return (
    <Alert variant="info" autoHideMs={null} isDismissable={false} className="student-pool__premium">
      {t("premium.displaying", { shown, total: premium.totalCount })}{" "}
      <Link to={subscriptionPath}>{t("premium.subscribe")}</Link>
    </Alert>
  );
}

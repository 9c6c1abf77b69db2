import { useTranslation } from "react-i18next";
import type { FeedbackStatus } from "../../../api/services/feedback/sort-fields";

const TONE: Record<FeedbackStatus, string> = { Pending: "shell-badge--warning", Accepted: "shell-badge--success", Rejected: "shell-badge--neutral" };

/** A feedback's status in words (never colour alone). */
export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation("feedback");
  return <span className={`shell-badge ${TONE[status]}`}>{t(`status.${status}`)}</span>;
}

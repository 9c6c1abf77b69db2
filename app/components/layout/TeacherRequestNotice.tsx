import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../api/services/auth/types";

/**
 * Says plainly where a self-registered Teacher stands (docs/decisions/0029): waiting for the
 * owner's approval (a Student meanwhile), or refused. Shown on every signed-in page until the
 * owner decides, so the account never looks broken.
 */
export function TeacherRequestNotice({ request }: { request: SessionUser["teacherRequest"] }) {
  const { t } = useTranslation();
  if (!request) return null;
  return (
    <div className={`shell-notice shell-notice--${request === "pending" ? "info" : "neutral"}`} role="status">
      <strong className="shell-notice__title">{t(`teacherRequest.${request}.title`)}</strong> {t(`teacherRequest.${request}.body`)}
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Alert } from "../ui/Alert";
import { EMAIL_SENT_NOTICE } from "./email-paths";

/**
 * 'Email has been sent successfully' (spec 8) on the page the e-mail dialog went back to
 * (the quiz's stats or a leader board): the app layout shows it for any page whose address
 * carries `?notice=email-sent`, so those pages need not know about it.
 */
export function EmailSentNotice() {
  const { t } = useTranslation("common");
  const [params] = useSearchParams();
  if (params.get("notice") !== EMAIL_SENT_NOTICE) return null;
  return (
    <Alert variant="success" className="mail-sent-notice">
      {t("notices.emailSent")}
    </Alert>
  );
}

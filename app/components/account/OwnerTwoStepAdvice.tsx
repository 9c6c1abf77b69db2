import { useTranslation } from "react-i18next";
import { Alert } from "../ui/Alert";

/**
 * Owners run the administrative area (ASVS 4.3.1): the profile urges them to turn on
 * two-step sign-in until they have, and links to its panel below.
 */
export function OwnerTwoStepAdvice() {
  const { t } = useTranslation("security");
  return (
    <Alert variant="warning" title={t("twoStep.ownerTitle")} autoHideMs={null} isDismissable={false} className="account-owner-advice">
      {t("twoStep.ownerText")} <a href="#two-step">{t("twoStep.ownerLink")}</a>
    </Alert>
  );
}

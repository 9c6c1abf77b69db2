import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LEADER_BOARD_FOR_STUDENTS } from "../../../db/schema/admin-settings";
import type { AdminSetting } from "../../../api/services/admin-settings/schemas";
import { RadioGroup } from "../ui/RadioGroup";

/**
 * The owner's choices of issue 27 points 4 and 7 (ADR 0076), a group of the admin setting's
 * form: whether a result below a quiz's pass mark gets a certificate of completion, and what
 * students see of the leader board.
 */
export function ResultsPrivacySettings({ setting }: { setting: Pick<AdminSetting, "completionCertificateBelowPass" | "leaderBoardForStudents"> }) {
  const { t } = useTranslation("admin");
  const [completion, setCompletion] = useState<string>(setting.completionCertificateBelowPass);
  const [board, setBoard] = useState<string>(setting.leaderBoardForStudents);
  return (
    <fieldset className="admin-settings__group">
      <legend className="admin-settings__legend">{t("passMark.legend")}</legend>
      <div className="admin-settings__row">
        <RadioGroup
          name="completionCertificateBelowPass"
          label={t("passMark.completionCertificate")}
          description={t("passMark.completionCertificateHint")}
          options={[
            { value: "Yes", label: t("quizSetting.yes") },
            { value: "No", label: t("quizSetting.no") },
          ]}
          value={completion}
          onChange={setCompletion}
          inline
        />
      </div>
      <div className="admin-settings__row">
        <RadioGroup
          name="leaderBoardForStudents"
          label={t("boardPrivacy.label")}
          description={t("boardPrivacy.hint")}
          options={LEADER_BOARD_FOR_STUDENTS.map((value) => ({ value, label: t(`boardPrivacy.${value}`) }))}
          value={board}
          onChange={setBoard}
        />
      </div>
    </fieldset>
  );
}

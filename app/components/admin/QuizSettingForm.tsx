import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import type { AdminSetting, AllowedFlag } from "../../../api/services/admin-settings/schemas";
import { type CodedAnswer, type CodedFields, sayAnswer, sayFieldErrors } from "../../utils/message-codes";
import { Alert } from "../ui/Alert";
import { SETTING_CODE_KEYS } from "./messages";
import { roleLevelOptions } from "./role-levels";
import { Button } from "../ui/Button";
import { Form } from "../ui/Form";
import { RadioGroup } from "../ui/RadioGroup";
import { ResultsPrivacySettings } from "./ResultsPrivacySettings";
import { Select } from "../ui/Select";
import { TimeZoneField } from "./TimeZoneField";

type YesNo = "Yes" | "No";
interface Answer extends CodedAnswer, CodedFields {
  ok?: true;
}

/** Flags in the order of the screen, with their locale key. */
const FLAGS: Array<[AllowedFlag, string]> = [
  ["quizTimeSettingAllowed", "quizTime"],
  ["questionTimeSettingAllowed", "questionTime"],
  ["negativeMarkingSettingAllowed", "negativeMarking"],
  ["showAnswerSettingAllowed", "showAnswer"],
  ["passwordQuizSettingAllowed", "passwordQuiz"],
  ["internalizationSettingAllowed", "internationalization"],
];
const TEACHER_REGISTRATION = ["Off", "Approval", "Open"] as const;

/**
 * Spec 2.6 and 4: the owner's policy. Quiz time No forces question time No and disables it
 * (the server stores it so too). A plain form: it also posts without JavaScript.
 */
export function QuizSettingForm({ setting, answer, cardKeySet = true }: { setting: AdminSetting; answer: Answer | undefined; cardKeySet?: boolean }) {
  const { t } = useTranslation(["admin", "payments"]);
  const navigation = useNavigation();
  const [values, setValues] = useState<AdminSetting>(setting);
  const noQuizTime = values.quizTimeSettingAllowed === "No";
  const yesNo = [
    { value: "Yes", label: t("quizSetting.yes") },
    { value: "No", label: t("quizSetting.no") },
  ];
  const set = (name: keyof AdminSetting, value: string) =>
    setValues((current) => ({
      ...current,
      [name]: name === "maximumRoleLevelForTeacher" || name === "defaultRoleLevel" ? Number(value) : (value as YesNo),
      ...(name === "quizTimeSettingAllowed" && value === "No" ? { questionTimeSettingAllowed: "No" as const } : {}),
    }));

  return (
    <Form className="admin-settings">
      {answer && (
        <Alert variant={answer.ok ? "success" : "danger"} resetKey={answer}>
          {sayAnswer(t, SETTING_CODE_KEYS, answer)}
        </Alert>
      )}
      <fieldset className="admin-settings__group">
        <legend className="admin-settings__legend">{t("quizSetting.teacherOptions")}</legend>
        {FLAGS.map(([flag, key]) => {
          const forcedOff = flag === "questionTimeSettingAllowed" && noQuizTime;
          return (
            <div key={flag} className="admin-settings__row">
              {/* A disabled group does not submit: the forced value still must. The group keeps its
                  name throughout: react-aria fixes a radio group's name when it first renders. */}
              {forcedOff && <input type="hidden" name={flag} value="No" />}
              <RadioGroup
                name={flag}
                label={t(`quizSetting.${key}`)}
                description={t(`quizSetting.${key}Help`)}
                options={yesNo}
                value={forcedOff ? "No" : values[flag]}
                onChange={(value) => set(flag, value)}
                isDisabled={forcedOff}
                inline
                showRequired
              />
            </div>
          );
        })}
      </fieldset>
      <fieldset className="admin-settings__group">
        <legend className="admin-settings__legend">{t("quizSetting.accessOptions")}</legend>
        <div className="admin-settings__row">
          <Select
            name="maximumRoleLevelForTeacher"
            label={t("quizSetting.roleLevel")}
            description={t("quizSetting.roleLevelHelp")}
            options={roleLevelOptions(t)}
            selectedKey={String(values.maximumRoleLevelForTeacher)}
            onSelectionChange={(key) => key !== null && set("maximumRoleLevelForTeacher", String(key))}
            showRequired
          />
        </div>
        <div className="admin-settings__row">
          <RadioGroup
            name="teacherRegistration"
            label={t("quizSetting.teacherRegistration")}
            description={t("quizSetting.teacherRegistrationHelp")}
            options={TEACHER_REGISTRATION.map((value) => ({ value, label: t(`quizSetting.teacherRegistrationChoices.${value}`) }))}
            value={values.teacherRegistration}
            onChange={(value) => set("teacherRegistration", value)}
            showRequired
          />
        </div>
        <div className="admin-settings__row">
          <Select
            name="defaultRoleLevel"
            label={t("quizSetting.defaultRoleLevel")}
            description={t("quizSetting.defaultRoleLevelHelp")}
            options={roleLevelOptions(t)}
            selectedKey={String(values.defaultRoleLevel)}
            onSelectionChange={(key) => key !== null && set("defaultRoleLevel", String(key))}
            showRequired
          />
        </div>
        <div className="admin-settings__row">
          <RadioGroup
            name="enableSubscription"
            label={t("quizSetting.enableSubscription")}
            description={t("quizSetting.enableSubscriptionHelp")}
            options={yesNo}
            value={values.enableSubscription}
            onChange={(value) => set("enableSubscription", value)}
            inline
            showRequired
          />
          {/* Without the card provider's secret key nobody can subscribe, whatever this says (ADR 0043). */}
          {!cardKeySet && (
            <p className="admin-settings__note">
              {t("payments:state.noKeyHere")} <Link to="/admin/subscription">{t("payments:state.paymentSettingsLink")}</Link>
            </p>
          )}
        </div>
      </fieldset>
      <ResultsPrivacySettings setting={setting} />
      <fieldset className="admin-settings__group">
        <legend className="admin-settings__legend">{t("timeZone.legend")}</legend>
        <TimeZoneField saved={setting.timeZone} errorMessage={answer && !answer.ok ? sayFieldErrors(t, SETTING_CODE_KEYS, answer)?.timeZone : undefined} />
      </fieldset>
      <div className="admin-settings__actions">
        <Button type="submit" variant="primary" isPending={navigation.state === "submitting"}>
          {t("quizSetting.save")}
        </Button>
      </div>
    </Form>
  );
}

import type { CodeKeys } from "../../utils/message-codes";

/**
 * The owner's quiz settings (spec 2.6): the form's answer in the owner's language by its code
 * (api/services/message-codes.ts, docs/decisions/0061); anything else as sent.
 */
export const SETTING_CODE_KEYS: CodeKeys = {
  ADMIN_SETTING_UPDATED: "admin:quizSetting.updated",
  SETTING_OPTIONS_REQUIRED: "admin:quizSetting.optionsRequired",
  SETTING_ROLE_LEVEL_INVALID: "admin:quizSetting.roleLevelInvalid",
  SETTING_TEACHER_REGISTRATION_INVALID: "admin:quizSetting.teacherRegistrationInvalid",
  SETTING_DEFAULT_ROLE_LEVEL_INVALID: "admin:quizSetting.defaultRoleLevelInvalid",
  SETTING_COMPLETION_CERTIFICATE_INVALID: "admin:passMark.completionInvalid",
  SETTING_LEADER_BOARD_FOR_STUDENTS_INVALID: "admin:boardPrivacy.invalid",
  SETTING_TIME_ZONE_UNKNOWN: "admin:timeZone.unknown",
};

import type { AdminSettings } from "../../../db/schema/admin-settings";
import type { AdminSetting, AdminSettingValues } from "./schemas";

/** The one mapping between stored booleans and the spec's "Yes"/"No" (architecture: one boundary mapper per entity). */
const yesNo = (value: boolean): "Yes" | "No" => (value ? "Yes" : "No");

export function toAdminSetting(row: Omit<AdminSettings, "businessId">): AdminSetting {
  return {
    quizTimeSettingAllowed: yesNo(row.quizTimeSettingAllowed),
    questionTimeSettingAllowed: yesNo(row.questionTimeSettingAllowed),
    negativeMarkingSettingAllowed: yesNo(row.negativeMarkingSettingAllowed),
    showAnswerSettingAllowed: yesNo(row.showAnswerSettingAllowed),
    passwordQuizSettingAllowed: yesNo(row.passwordQuizSettingAllowed),
    internalizationSettingAllowed: yesNo(row.internalizationSettingAllowed),
    maximumRoleLevelForTeacher: row.maximumRoleLevelForTeacher,
    enableSubscription: yesNo(row.enableSubscription),
    teacherRegistration: row.teacherRegistration,
    defaultRoleLevel: row.defaultRoleLevel,
    completionCertificateBelowPass: yesNo(row.completionCertificateBelowPass),
    leaderBoardForStudents: row.leaderBoardForStudents,
    timeZone: row.timeZone,
  };
}

/**
 * Stored values for a validated input. Spec 4: without a quiz time limit there is no
 * per-question time either, so question time is stored as not allowed.
 */
export function fromAdminSetting(input: AdminSettingValues): Partial<Omit<AdminSettings, "businessId">> {
  const quizTime = input.quizTimeSettingAllowed === "Yes";
  return {
    quizTimeSettingAllowed: quizTime,
    questionTimeSettingAllowed: quizTime && input.questionTimeSettingAllowed === "Yes",
    negativeMarkingSettingAllowed: input.negativeMarkingSettingAllowed === "Yes",
    showAnswerSettingAllowed: input.showAnswerSettingAllowed === "Yes",
    passwordQuizSettingAllowed: input.passwordQuizSettingAllowed === "Yes",
    internalizationSettingAllowed: input.internalizationSettingAllowed === "Yes",
    maximumRoleLevelForTeacher: input.maximumRoleLevelForTeacher,
    enableSubscription: input.enableSubscription === "Yes",
    // Left out when not sent, so the stored (or default) choice stays.
    ...(input.teacherRegistration === undefined ? {} : { teacherRegistration: input.teacherRegistration }),
    ...(input.defaultRoleLevel === undefined ? {} : { defaultRoleLevel: input.defaultRoleLevel }),
    ...(input.completionCertificateBelowPass === undefined ? {} : { completionCertificateBelowPass: input.completionCertificateBelowPass === "Yes" }),
    ...(input.leaderBoardForStudents === undefined ? {} : { leaderBoardForStudents: input.leaderBoardForStudents }),
    ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
  };
}

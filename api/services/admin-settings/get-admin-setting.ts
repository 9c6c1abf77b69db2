import { eq } from "drizzle-orm";
import { adminSettings } from "../../../db/schema";
import type { AdminSettings } from "../../../db/schema/admin-settings";
import { NEW_ACCOUNT_ROLE_LEVEL } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { toAdminSetting } from "./boundary";
import type { AdminSetting } from "./schemas";

/** The schema's defaults, for a business whose row is missing (older data). */
export const ADMIN_SETTING_DEFAULTS = {
  quizTimeSettingAllowed: true,
  questionTimeSettingAllowed: true,
  negativeMarkingSettingAllowed: true,
  showAnswerSettingAllowed: true,
  passwordQuizSettingAllowed: true,
  internalizationSettingAllowed: true,
  enableSubscription: false,
  maximumRoleLevelForTeacher: 4,
  teacherRegistration: "Approval",
  defaultRoleLevel: NEW_ACCOUNT_ROLE_LEVEL,
  completionCertificateBelowPass: false,
  leaderBoardForStudents: "Anonymous",
  /** ADR 0082: no school zone until the owner saves one; pages use the reader's own. */
  timeZone: null,
} as const;

/**
 * The business's policy for teachers (spec 3, Admin setting). Every signed-in user of the
 * business may read it: the quiz wizard and the shell's switches follow it; only the owner
 * changes it (update-admin-setting.ts).
 */
export async function getAdminSetting(services: AppServices, caller: Caller): Promise<AdminSetting> {
  return toAdminSetting(await adminSettingRow(services, caller.businessId));
}

/** The stored policy of a business, or the defaults when it has no row (older data). */
export async function adminSettingRow(services: AppServices, businessId: number): Promise<Omit<AdminSettings, "businessId">> {
  const [row] = await services.db.select().from(adminSettings).where(eq(adminSettings.businessId, businessId)).limit(1);
  return row ?? ADMIN_SETTING_DEFAULTS;
}

import type { TeacherRegistration } from "../../../db/schema/admin-settings";
import type { AppServices } from "../core/app-services";
import { Conflict } from "../core/errors";
import { accountPolicy } from "../admin-settings/account-policy";
import { ADMIN_SETTING_DEFAULTS } from "../admin-settings/get-admin-setting";
import { deploymentBusinessId } from "./deployment-business";

/**
 * What the registration form tells a visitor before they choose Teacher (docs/decisions/0029):
 * whether a teacher account is refused, waits for the owner's approval, or is one at once.
 * register() applies the same policy; this only lets the form say it first.
 */
export async function registrationOptions(services: AppServices): Promise<{ teacherRegistration: TeacherRegistration }> {
  try {
    const { teacherRegistration } = await accountPolicy(services, await deploymentBusinessId(services));
    return { teacherRegistration };
  } catch (error) {
    // No owner yet: registration itself answers that it is closed.
    if (error instanceof Conflict) return { teacherRegistration: ADMIN_SETTING_DEFAULTS.teacherRegistration };
    throw error;
  }
}

import type { TeacherRegistration } from "../../../db/schema/admin-settings";
import type { AppServices } from "../core/app-services";
import { adminSettingRow } from "./get-admin-setting";

export interface AccountPolicy {
  teacherRegistration: TeacherRegistration;
  defaultRoleLevel: number;
}

/**
 * What a new account of the business gets (docs/decisions/0029): the role level accounts
 * start at and whether a self-registered Teacher is refused, waits for approval or is one
 * at once. Read before anyone is signed in (registration), so it takes a business id.
 */
export async function accountPolicy(services: AppServices, businessId: number): Promise<AccountPolicy> {
  const { teacherRegistration, defaultRoleLevel } = await adminSettingRow(services, businessId);
  return { teacherRegistration, defaultRoleLevel };
}

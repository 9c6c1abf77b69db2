import { adminSettings } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertOwner } from "../core/permissions";
import { fromAdminSetting, toAdminSetting } from "./boundary";
import { say, type SaidAs } from "../message-codes";
import { type AdminSetting, AdminSettingInput } from "./schemas";

/**
 * The owner sets what teachers may use (spec 2.6, 4, 6). Takes effect on the next request
 * of every user: the session user, the wizard and the API read the row each time.
 */
export async function updateAdminSetting(
  services: AppServices,
  caller: Caller,
  input: unknown,
): Promise<SaidAs<"ADMIN_SETTING_UPDATED"> & { adminSetting: AdminSetting }> {
  assertOwner(caller);
  const values = fromAdminSetting(AdminSettingInput.parse(input));
  const [row] = await services.db
    .insert(adminSettings)
    .values({ businessId: caller.businessId, ...values })
    .onConflictDoUpdate({ target: adminSettings.businessId, set: values })
    .returning();
  return { ...say("ADMIN_SETTING_UPDATED"), adminSetting: toAdminSetting(row) };
}

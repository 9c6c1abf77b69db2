import { eq, isNull } from "drizzle-orm";
import { adminSettings } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertOwner } from "../core/permissions";
import { BrowserTimeZoneInput } from "./schemas";

/**
 * Issue 27 point 6, "default from the owner's browser" (ADR 0082, second addendum): the first
 * time the owner is signed in with a browser, its zone becomes the school's, so a school has
 * one clock from its first day instead of each reader's own. Only while no zone is set: a zone
 * the owner chose (or one adopted from another of their browsers a moment before) is never
 * replaced, and the condition sits in the statement itself, so two tabs cannot race past it.
 * Answers the school's zone after the call (the adopted one, or the one already set).
 */
export async function adoptBrowserTimeZone(services: AppServices, caller: Caller, input: unknown): Promise<{ timeZone: string; adopted: boolean }> {
  assertOwner(caller);
  const { timeZone } = BrowserTimeZoneInput.parse(input);
  const adopted = await services.db
    .insert(adminSettings)
    .values({ businessId: caller.businessId, timeZone })
    .onConflictDoUpdate({ target: adminSettings.businessId, set: { timeZone }, setWhere: isNull(adminSettings.timeZone) })
    .returning({ timeZone: adminSettings.timeZone });
  if (adopted.length > 0) return { timeZone, adopted: true };
  const [kept] = await services.db.select({ timeZone: adminSettings.timeZone }).from(adminSettings).where(eq(adminSettings.businessId, caller.businessId));
  return { timeZone: kept?.timeZone ?? timeZone, adopted: false };
}

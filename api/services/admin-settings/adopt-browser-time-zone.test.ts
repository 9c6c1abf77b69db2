import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminSettings } from "../../../db/schema";
import { callerOf } from "../../test-support/test-app.node";
import { eachTestBed } from "../../test-support/test-bed.node";
import { ZodError } from "zod";
import { Forbidden, zodFieldSayings } from "../core/errors";
import { adoptBrowserTimeZone } from "./adopt-browser-time-zone";

/** Issue 27 point 6: the school's zone defaults from the owner's browser (ADR 0082, second addendum). */
const bed = eachTestBed("Browser Zone School");

const storedZone = async (businessId = bed.tenant.business.id) =>
  (await bed.services.db.select({ timeZone: adminSettings.timeZone }).from(adminSettings).where(eq(adminSettings.businessId, businessId)))[0]?.timeZone;

describe("adoptBrowserTimeZone", () => {
  it("makes the owner's browser zone the school's while it has none, in the list's spelling", async () => {
    expect(await storedZone()).toBeNull();
    const answer = await adoptBrowserTimeZone(bed.services, callerOf(bed.tenant.owner), { timeZone: "asia/tokyo" });
    expect(answer).toEqual({ timeZone: "Asia/Tokyo", adopted: true });
    expect(await storedZone()).toBe("Asia/Tokyo");
    // Every user of the school now reads it; another school keeps none.
    expect((await bed.call(bed.tenant.student, "GET", "/auth/me")).body.user.schoolTimeZone).toBe("Asia/Tokyo");
    expect(await storedZone(bed.other.business.id)).toBeNull();
  });

  it("never replaces a zone already set: the owner's choice, or one adopted from another browser", async () => {
    await bed.post(bed.tenant.owner, "/admin/adminSetting", { ...(await bed.call(bed.tenant.owner, "GET", "/admin/adminSetting")).body.adminSetting, timeZone: "Europe/Paris" });
    const answer = await adoptBrowserTimeZone(bed.services, callerOf(bed.tenant.owner), { timeZone: "America/New_York" });
    expect(answer).toEqual({ timeZone: "Europe/Paris", adopted: false });
    expect(await storedZone()).toBe("Europe/Paris");
  });

  it("is the owner's alone, and refuses what is not a zone with the setting's code, changing nothing", async () => {
    for (const who of [bed.tenant.teacher, bed.tenant.student]) {
      await expect(adoptBrowserTimeZone(bed.services, callerOf(who), { timeZone: "Asia/Seoul" })).rejects.toBeInstanceOf(Forbidden);
    }
    for (const timeZone of ["Mars/Olympus", "+05:00", "", 42, null]) {
      const refusal = await adoptBrowserTimeZone(bed.services, callerOf(bed.tenant.owner), { timeZone }).catch((error: unknown) => error);
      expect(refusal, String(timeZone)).toBeInstanceOf(ZodError);
      expect(zodFieldSayings(refusal as ZodError).timeZone).toMatchObject({ code: "SETTING_TIME_ZONE_UNKNOWN" });
    }
    expect(await storedZone()).toBeNull();
  });
});

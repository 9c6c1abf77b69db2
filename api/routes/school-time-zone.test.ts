import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { adminSettings } from "../../db/schema";
import { createAttempt, createQuiz } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { eachTestBed } from "../test-support/test-bed.node";

/** Issue 27 point 6 (docs/decisions/0082): the school's time zone, and when a quiz of the pool closes. */
const bed = eachTestBed("Time Zone School");
const { post } = bed;

const setting = async () => (await bed.call(bed.tenant.owner, "GET", "/admin/adminSetting")).body.adminSetting;
const storedZone = async () => (await bed.services.db.select({ timeZone: adminSettings.timeZone }).from(adminSettings).where(eq(adminSettings.businessId, bed.tenant.business.id)))[0]?.timeZone;

describe("the school's time zone", () => {
  it("is not set until the owner saves one: null in the setting and in the session user", async () => {
    expect((await setting()).timeZone).toBeNull();
    const me = await bed.call(bed.tenant.student, "GET", "/auth/me");
    expect(me.body.user.schoolTimeZone).toBeNull();
  });

  it("takes an IANA name in its canonical spelling, and every user of the school reads it in the session", async () => {
    const ok = await post(bed.tenant.owner, "/admin/adminSetting", { ...(await setting()), timeZone: "asia/tokyo" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.adminSetting.timeZone).toBe("Asia/Tokyo");
    expect(await storedZone()).toBe("Asia/Tokyo");
    expect((await bed.call(bed.tenant.student, "GET", "/auth/me")).body.user.schoolTimeZone).toBe("Asia/Tokyo");
    // Another school keeps its own (none).
    expect((await bed.call(bed.other.student, "GET", "/auth/me")).body.user.schoolTimeZone).toBeNull();
  });

  it("refuses an unknown zone, an offset and a non-text with the field's code, and changes nothing", async () => {
    await post(bed.tenant.owner, "/admin/adminSetting", { ...(await setting()), timeZone: "Europe/Paris" });
    for (const timeZone of ["Mars/Olympus", "+05:00", "", "Europe/Paris; drop", 42, false, "x".repeat(300)]) {
      const bad = await post(bed.tenant.owner, "/admin/adminSetting", { ...(await setting()), timeZone, enableSubscription: "Yes" });
      expect(bad.status, `${String(timeZone)}: ${JSON.stringify(bad.body)}`).toBe(400);
      expect(bad.body.errorCodes).toEqual({ timeZone: "SETTING_TIME_ZONE_UNKNOWN" });
      expect(bad.body.errors.timeZone).toBe("Choose the school's time zone from the list (a name such as Europe/Paris)");
    }
    expect(await storedZone()).toBe("Europe/Paris");
    expect((await setting()).enableSubscription).toBe("No");
  });

  it("null, as GET answers before a choice, sends it back unchosen", async () => {
    await post(bed.tenant.owner, "/admin/adminSetting", { ...(await setting()), timeZone: "Europe/Paris" });
    expect((await post(bed.tenant.owner, "/admin/adminSetting", { ...(await setting()), timeZone: null })).status).toBe(200);
    expect(await storedZone()).toBeNull();
  });

  it("a save without the field keeps the zone; only the owner sets it", async () => {
    await post(bed.tenant.owner, "/admin/adminSetting", { ...(await setting()), timeZone: "America/New_York" });
    const { timeZone: _kept, ...withoutZone } = await setting();
    expect((await post(bed.tenant.owner, "/admin/adminSetting", withoutZone)).status).toBe(200);
    expect(await storedZone()).toBe("America/New_York");
    const teacher = await post(bed.tenant.teacher, "/admin/adminSetting", { ...withoutZone, timeZone: "Asia/Tokyo" });
    expect(teacher.status).toBe(403);
    expect(await storedZone()).toBe("America/New_York");
  });

  it("dates the certificate PDF on the school's clock, its zone named", async () => {
    const { tenant, services } = bed;
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName: "Late shift" });
    // 22 November 2026, 20:00 UTC: already the 23rd in Tokyo.
    const completedAt = new Date(Date.UTC(2026, 10, 22, 20, 0));
    const attempt = await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id, startedAt: new Date(completedAt.getTime() - 60_000), submittedAt: completedAt, percentage: 80, correctAnswered: 1 });
    await post(tenant.owner, "/admin/adminSetting", { ...(await setting()), timeZone: "Asia/Tokyo" });
    const res = await bed.app.request(`/takenQuiz/${attempt.id}/certificate`, { headers: await bearer(services, tenant.student) });
    expect(res.status).toBe(200);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text;
    expect(text).toContain("November 23, 2026 (GMT+9)");
  });
});

describe("the student's pool says when each quiz closes", () => {
  it("its endDate for a date range, null for a quiz without one, in the OpenAPI row too", async () => {
    const { tenant, services } = bed;
    const seconds = Math.floor(Date.now() / 1000);
    await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName: "Always open", questionCount: 1 });
    await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName: "Closes soon", questionCount: 1, status: "DateRange", startTimestamp: seconds - 60, endTimestamp: seconds + 3600 });
    const pool = await post(tenant.student, "/quiz/allForStudent", { queryParams: {} });
    expect(pool.status, JSON.stringify(pool.body)).toBe(200);
    const closes = Object.fromEntries(pool.body.entities.map((row: { quizName: string; endDate: number | null }) => [row.quizName, row.endDate]));
    expect(closes).toEqual({ "Always open": null, "Closes soon": seconds + 3600 });
    const document = (await (await bed.app.request("/openapi.json")).json()) as { components: { schemas: Record<string, { properties: object }> } };
    expect(document.components.schemas.StudentQuiz.properties).toHaveProperty("endDate");
    expect(document.components.schemas.AdminSetting.properties).toHaveProperty("timeZone");
  });
});

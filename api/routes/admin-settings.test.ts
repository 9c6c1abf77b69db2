import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { adminSettings } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { ADMIN_SETTING_UPDATED, OPTIONS_REQUIRED, ROLE_LEVEL_INVALID } from "../services/admin-settings/schemas";
import { bearer } from "../test-support/test-app.node";
import { createTestBed, type TestApi, type TestBed, type Tenant, type Who } from "../test-support/test-bed.node";

let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let request: TestBed["call"];

beforeEach(async () => {
  ({ services, app, tenant, other, call: request } = await createTestBed("Policy School"));
});

const call = (who: Who, method: "GET" | "POST", body?: unknown) => request(who, method, "/admin/adminSetting", body);

const everythingAllowed = {
  quizTimeSettingAllowed: "Yes",
  questionTimeSettingAllowed: "Yes",
  negativeMarkingSettingAllowed: "Yes",
  showAnswerSettingAllowed: "Yes",
  passwordQuizSettingAllowed: "Yes",
  internalizationSettingAllowed: "Yes",
  maximumRoleLevelForTeacher: 4,
  enableSubscription: "No",
  teacherRegistration: "Approval",
  defaultRoleLevel: 8,
  // ADR 0076's defaults: no certificate below a pass mark; other students anonymous on the board.
  completionCertificateBelowPass: "No",
  leaderBoardForStudents: "Anonymous",
  // ADR 0082: no school zone until the owner chooses one.
  timeZone: null,
};

describe("/admin/adminSetting", () => {
  it("reads the defaults (all allowed, level 4, no subscriptions) for anyone of the business", async () => {
    for (const who of [tenant.owner, tenant.teacher, tenant.student]) {
      const res = await call(who, "GET");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ adminSetting: everythingAllowed });
    }
  });

  it("lets the owner change the policy; quiz time No stores question time No; other businesses keep theirs", async () => {
    const res = await call(tenant.owner, "POST", { ...everythingAllowed, quizTimeSettingAllowed: "No", negativeMarkingSettingAllowed: "No", maximumRoleLevelForTeacher: "6", enableSubscription: "Yes" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: ADMIN_SETTING_UPDATED,
      code: "ADMIN_SETTING_UPDATED",
      adminSetting: { ...everythingAllowed, quizTimeSettingAllowed: "No", questionTimeSettingAllowed: "No", negativeMarkingSettingAllowed: "No", maximumRoleLevelForTeacher: 6, enableSubscription: "Yes" },
    });
    expect((await call(tenant.teacher, "GET")).body.adminSetting.questionTimeSettingAllowed).toBe("No");
    expect((await call(other.teacher, "GET")).body).toEqual({ adminSetting: everythingAllowed });
  });

  it("applies at once: the role-level ceiling decides who may switch to Student", async () => {
    const me = async () => (await app.request("/auth/me", { headers: await bearer(services, tenant.teacher) })).json() as Promise<{ user: { canSwitchUserType: boolean } }>;
    const level = tenant.teacher.roleLevel;
    await call(tenant.owner, "POST", { ...everythingAllowed, maximumRoleLevelForTeacher: Math.max(0, level - 1) });
    expect((await me()).user.canSwitchUserType).toBe(level === 0);
    await call(tenant.owner, "POST", { ...everythingAllowed, maximumRoleLevelForTeacher: 8 });
    expect((await me()).user.canSwitchUserType).toBe(true);
  });

  it("requires every option and a level of 0-8, and changes nothing otherwise", async () => {
    const missing = await call(tenant.owner, "POST", { ...everythingAllowed, showAnswerSettingAllowed: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: OPTIONS_REQUIRED, code: "SETTING_OPTIONS_REQUIRED", errorCodes: { showAnswerSettingAllowed: "SETTING_OPTIONS_REQUIRED" } });
    for (const level of [-1, 9, 2.5, "high"]) {
      const res = await call(tenant.owner, "POST", { ...everythingAllowed, maximumRoleLevelForTeacher: level });
      expect(res.status, String(level)).toBe(400);
      expect(res.body.errors.maximumRoleLevelForTeacher).toBe(ROLE_LEVEL_INVALID);
      expect(res.body.errorCodes.maximumRoleLevelForTeacher).toBe("SETTING_ROLE_LEVEL_INVALID");
    }
    for (const body of ["null", "[]", "{", { ...everythingAllowed, quizTimeSettingAllowed: true }, { ...everythingAllowed, enableSubscription: "yes" }]) {
      expect((await call(tenant.owner, "POST", body)).status).toBe(400);
    }
    expect(await services.db.select().from(adminSettings).where(eq(adminSettings.businessId, tenant.business.id))).toEqual([
      expect.objectContaining({ quizTimeSettingAllowed: true, showAnswerSettingAllowed: true, maximumRoleLevelForTeacher: 4 }),
    ]);
  });

  it("is the owner's alone to change: teacher and student 403, no session 401", async () => {
    for (const who of [tenant.teacher, tenant.student]) {
      const res = await call(who, "POST", { ...everythingAllowed, negativeMarkingSettingAllowed: "No" });
      expect(res.status).toBe(403);
    }
    expect((await call(null, "POST", everythingAllowed)).status).toBe(401);
    expect((await call(null, "GET")).status).toBe(401);
    expect((await call(tenant.owner, "GET")).body.adminSetting.negativeMarkingSettingAllowed).toBe("Yes");
  });
});

/**
 * The owner's LMS platforms (issue 29 point 1, ADR 0088) through the real /api routes: added by
 * hand with deployment ids, listed, disabled and enabled, removed (the accounts its launches made
 * stay); owner only; another business's ids are 404; bad URLs are refused by code and store nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ltiDeployments, ltiPlatforms, ltiUsers, users } from "../../db/schema";
import { eachTestBed } from "../test-support/test-bed.node";

const bed = eachTestBed("LTI School");
const moodle = {
  name: "Moodle of LTI School",
  issuer: "https://moodle.school.example",
  clientId: "client-1",
  deploymentIds: ["1", "2"],
  authLoginUrl: "https://moodle.school.example/mod/lti/auth.php",
  authTokenUrl: "https://moodle.school.example/mod/lti/token.php",
  keySetUrl: "https://moodle.school.example/mod/lti/certs.php",
};
const add = (who: Parameters<typeof bed.post>[0], body: unknown = moodle) => bed.post(who, "/lti/platform", body);
const platformRows = () => bed.services.db.select().from(ltiPlatforms);

describe("LTI platforms added by hand", () => {
  it("the owner adds one with its deployments and lists it; a teacher and a student are refused", async () => {
    const added = await add(bed.tenant.owner);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ code: "LTI_PLATFORM_ADDED", data: { platformId: expect.any(Number) } });
    const list = await bed.post(bed.tenant.owner, "/lti/platform/all");
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: added.body.data.platformId, name: moodle.name, issuer: moodle.issuer, clientId: "client-1", deploymentIds: ["1", "2"], registeredBy: "manual", enabled: true }),
    ]);
    expect((await add(bed.tenant.teacher, { ...moodle, clientId: "client-2" })).status).toBe(403);
    expect((await bed.post(bed.tenant.student, "/lti/platform/all")).status).toBe(403);
    expect((await bed.post(null, "/lti/platform/all")).status).toBe(401);
    expect(await platformRows()).toHaveLength(1);
  });

  it("deployment ids may come as the form's text, one per line or by commas; duplicates and blanks are dropped", async () => {
    const added = await add(bed.tenant.owner, { ...moodle, deploymentIds: "a, b\nb\n\n c" });
    expect(added.status).toBe(201);
    const rows = await bed.services.db.select().from(ltiDeployments);
    expect(rows.map((row) => row.deploymentId)).toEqual(["a", "b", "c"]);
  });

  it("refuses plain http and other schemes (except the tests' http to this machine), no deployment, missing fields: by code, nothing stored", async () => {
    const http = await add(bed.tenant.owner, { ...moodle, authLoginUrl: "http://moodle.school.example/auth", keySetUrl: "javascript:alert(1)", deploymentIds: [" "] });
    expect(http.status).toBe(400);
    expect(http.body.errorCodes).toMatchObject({ authLoginUrl: "LTI_URL_INVALID", keySetUrl: "LTI_URL_INVALID", deploymentIds: "LTI_DEPLOYMENT_IDS_REQUIRED" });
    const empty = await add(bed.tenant.owner, { name: "", issuer: "", clientId: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errorCodes).toMatchObject({ name: "LTI_NAME_REQUIRED", issuer: "LTI_ISSUER_REQUIRED", clientId: "LTI_CLIENT_ID_REQUIRED" });
    expect((await add(bed.tenant.owner, "{")).status).toBe(400);
    expect(await platformRows()).toEqual([]);
    // The stand-in's allowance: http to 127.0.0.1 only (the test services set LTI_ALLOW_HTTP=1).
    const local = await add(bed.tenant.owner, { ...moodle, issuer: "http://127.0.0.1:4203", authLoginUrl: "http://127.0.0.1:4203/auth", authTokenUrl: "http://127.0.0.1:4203/token", keySetUrl: "http://127.0.0.1:4203/jwks" });
    expect(local.status).toBe(201);
  });

  it("the same issuer and client id twice is a 409 by code, whichever business asks", async () => {
    expect((await add(bed.tenant.owner)).status).toBe(201);
    const again = await add(bed.other.owner);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("LTI_PLATFORM_EXISTS");
    expect(await platformRows()).toHaveLength(1);
  });

  it("disable and enable; another business's platform is a 404 and stays as it was", async () => {
    const { platformId } = (await add(bed.tenant.owner)).body.data;
    const disabled = await bed.post(bed.tenant.owner, "/lti/platform/enable", { platformId, enabled: false });
    expect(disabled.body).toMatchObject({ code: "LTI_PLATFORM_DISABLED" });
    expect((await platformRows())[0].enabled).toBe(false);
    expect((await bed.post(bed.other.owner, "/lti/platform/enable", { platformId, enabled: true })).status).toBe(404);
    expect((await platformRows())[0].enabled).toBe(false);
    expect((await bed.post(bed.other.owner, "/lti/platform/all")).body.data).toEqual([]);
    const enabled = await bed.post(bed.tenant.owner, "/lti/platform/enable", { platformId, enabled: true });
    expect(enabled.body).toMatchObject({ code: "LTI_PLATFORM_ENABLED" });
    expect((await platformRows())[0].enabled).toBe(true);
    expect((await bed.post(bed.tenant.owner, "/lti/platform/enable", { platformId, enabled: "no" })).status).toBe(400);
  });

  it("remove: another business cannot; the owner can, and the user a launch made stays", async () => {
    const { platformId } = (await add(bed.tenant.owner)).body.data;
    await bed.services.db.insert(ltiUsers).values({ platformId, sub: "lms-user-1", userId: bed.tenant.student.id });
    expect((await bed.post(bed.other.owner, "/lti/platform/delete", { platformId })).status).toBe(404);
    expect((await bed.post(bed.tenant.teacher, "/lti/platform/delete", { platformId })).status).toBe(403);
    expect(await platformRows()).toHaveLength(1);
    const removed = await bed.post(bed.tenant.owner, "/lti/platform/delete", { platformId });
    expect(removed.body).toMatchObject({ code: "LTI_PLATFORM_REMOVED" });
    expect(await platformRows()).toEqual([]);
    expect(await bed.services.db.select().from(ltiUsers)).toEqual([]);
    expect(await bed.services.db.select().from(users).where(eq(users.id, bed.tenant.student.id))).toHaveLength(1);
    expect((await bed.post(bed.tenant.owner, "/lti/platform/delete", { platformId })).status).toBe(404);
  });

  it("our values name this deployment's LTI addresses (owner only)", async () => {
    const values = await bed.post(bed.tenant.owner, "/lti/platform/ourValues");
    const app = bed.services.config.appUrl;
    expect(values.body.data).toEqual({
      toolUrl: `${app}/api/lti/launch`,
      loginUrl: `${app}/api/lti/login`,
      launchUrl: `${app}/api/lti/launch`,
      jwksUrl: `${app}/api/lti/jwks`,
      deepLinkingUrl: `${app}/api/lti/launch`,
      registrationUrl: `${app}/api/lti/register`,
      domain: new URL(app).host,
    });
    expect((await bed.post(bed.tenant.teacher, "/lti/platform/ourValues")).status).toBe(403);
  });
});

/**
 * Deep Linking 2.0, the tool's side (issue 29 point 3, ADR 0088), through the real routes and
 * the LMS stand-in's return URL on the network: startDeepLinking keeps the verified settings for
 * the teacher; the picker lists the quizzes they may place; the choice comes back as a page that
 * posts an LtiDeepLinkingResponse signed with our key, which the stand-in verifies with our key
 * set and shows. Answered once, expiring, bound to the teacher, nothing crossing businesses.
 */
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ltiDeployments, ltiPlatforms, type LtiPlatformRow } from "../../db/schema";
import { startDeepLinking } from "../services/lti/deep-linking/start";
import { startLmsStandInFor } from "../test-support/lms-stand-in/for-services.node";
import type { LmsStandIn } from "../test-support/lms-stand-in/index.node";
import { createQuiz, createUser } from "../test-support/factories.node";
import { bearer } from "../test-support/test-app.node";
import { eachTestBed } from "../test-support/test-bed.node";

const bed = eachTestBed("Deep Link School");
let lms: LmsStandIn;
let side: LmsStandIn["deepLinking"];
let platform: LtiPlatformRow;

beforeEach(async () => {
  lms = await startLmsStandInFor(bed.services, { clientIds: ["dl-client"] });
  side = lms.deepLinking;
  [platform] = await bed.services.db
    .insert(ltiPlatforms)
    .values({ businessId: bed.tenant.business.id, name: "Stand-in", issuer: lms.url, clientId: "dl-client", authLoginUrl: `${lms.url}/auth`, authTokenUrl: `${lms.url}/token`, keySetUrl: `${lms.url}/jwks`, registeredBy: "manual" })
    .returning();
  await bed.services.db.insert(ltiDeployments).values({ platformId: platform.id, deploymentId: "dep-1" });
});
afterEach(() => lms.close());

async function start(userId = bed.tenant.teacher.id) {
  const path = await startDeepLinking(bed.services, { platform, deploymentId: "dep-1", userId, settings: side.settingsFor("dep-1") });
  return { path, token: path.split("/").at(-1)! };
}
const quizzesFor = (who: Parameters<typeof bed.post>[0], token: string, search?: string) => bed.post(who, "/lti/deepLinking/quizzes", { token, search });
async function choose(who: Parameters<typeof bearer>[1], token: string, quizId: number) {
  return bed.app.request("/lti/deepLinking/respond", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(await bearer(bed.services, who)) },
    body: new URLSearchParams({ token, quizId: String(quizId) }),
  });
}
const jwtOf = (html: string) => html.match(/name="JWT" value="([^"]+)"/)?.[1] ?? "";

describe("deep linking", () => {
  it("the teacher picks one of their quizzes; the signed response reaches the stand-in, which verifies it with our key set and places the link", async () => {
    const { quiz } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id, quizName: "Fractions test" });
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: colleague.id, quizName: "Colleague's quiz" });
    await createQuiz(bed.services.db, { businessId: bed.other.business.id, teacherId: bed.other.teacher.id, quizName: "Other school's quiz" });
    const { path, token } = await start();
    expect(path).toMatch(/^\/quiz\/teacher\/lti\/deep-link\/[A-Za-z0-9_-]{43}$/);

    const picker = await quizzesFor(bed.tenant.teacher, token);
    expect(picker.status).toBe(200);
    expect(picker.body.data).toMatchObject({ platformName: "Stand-in", title: "Add an activity" });
    expect(picker.body.data.quizzes.map((q: { quizName: string }) => q.quizName)).toEqual(["Fractions test"]);
    expect((await quizzesFor(bed.tenant.teacher, token, "nothing like it")).body.data.quizzes).toEqual([]);
    expect((await quizzesFor(bed.tenant.teacher, token, "fraction")).body.data.quizzes).toHaveLength(1);

    const answer = await choose(bed.tenant.teacher, token, quiz.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/html");
    expect(answer.headers.get("content-security-policy")).toContain(`form-action ${lms.url}`);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const html = await answer.text();
    expect(html).toContain(`action="${lms.url}/deep-linking/return"`);
    const jwt = jwtOf(html);

    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: "RS256", kid: expect.any(String) });
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({
      iss: "dl-client",
      aud: lms.url,
      nonce: expect.any(String),
      "https://purl.imsglobal.org/spec/lti/claim/message_type": "LtiDeepLinkingResponse",
      "https://purl.imsglobal.org/spec/lti/claim/version": "1.3.0",
      "https://purl.imsglobal.org/spec/lti/claim/deployment_id": "dep-1",
      "https://purl.imsglobal.org/spec/lti-dl/claim/data": expect.stringMatching(/^dl-/),
    });

    const placed = await fetch(`${lms.url}/deep-linking/return`, { method: "POST", body: new URLSearchParams({ JWT: jwt }) });
    expect(placed.status).toBe(200);
    expect(await placed.text()).toContain("Link placed in the course");
    expect(side.placed).toEqual([
      {
        type: "ltiResourceLink",
        title: "Fractions test",
        text: expect.any(String),
        url: `${bed.services.config.appUrl}/api/lti/launch`,
        custom: { quiz_id: String(quiz.id) },
        lineItem: { scoreMaximum: 100, label: "Fractions test", resourceId: `quiz-${quiz.id}` },
        deploymentId: "dep-1",
      },
    ]);
  });

  it("is answered once: a second choice goes back to the picker, which now says it expired (410 by code)", async () => {
    const { quiz } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id });
    const { path, token } = await start();
    expect((await choose(bed.tenant.teacher, token, quiz.id)).status).toBe(200);
    const again = await choose(bed.tenant.teacher, token, quiz.id);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(path);
    const picker = await quizzesFor(bed.tenant.teacher, token);
    expect(picker.status).toBe(410);
    expect(picker.body.code).toBe("LTI_DEEP_LINK_EXPIRED");
  });

  it("is bound to the teacher: another teacher, the owner, a student and another business get the 404 of no request; a forged token too", async () => {
    const { quiz } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id });
    const { token } = await start();
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    for (const who of [colleague, bed.tenant.owner, bed.tenant.student, bed.other.owner]) {
      expect((await quizzesFor(who, token)).status).toBe(404);
      expect((await choose(who, token, quiz.id)).status).toBe(404);
    }
    expect((await quizzesFor(bed.tenant.teacher, "A".repeat(43))).status).toBe(404);
    expect((await quizzesFor(bed.tenant.teacher, "../../etc")).status).toBe(404);
    // None of those used it up.
    expect((await choose(bed.tenant.teacher, token, quiz.id)).status).toBe(200);
  });

  it("a quiz the teacher may not place (a colleague's, another business's) is a 404 that leaves the request open", async () => {
    const colleague = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Teacher" });
    const { quiz: theirs } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: colleague.id });
    const { quiz: foreign } = await createQuiz(bed.services.db, { businessId: bed.other.business.id, teacherId: bed.other.teacher.id });
    const { token } = await start();
    expect((await choose(bed.tenant.teacher, token, theirs.id)).status).toBe(404);
    expect((await choose(bed.tenant.teacher, token, foreign.id)).status).toBe(404);
    expect((await quizzesFor(bed.tenant.teacher, token)).status).toBe(200);
  });

  it("expires after an hour, and a disabled platform's request cannot be answered", async () => {
    const { token } = await start();
    const later = new Date(Date.now() + 61 * 60 * 1000);
    bed.services.now = () => later;
    expect((await quizzesFor(bed.tenant.teacher, token)).status).toBe(410);
    bed.services.now = () => new Date();
    const fresh = await start();
    await bed.post(bed.tenant.owner, "/lti/platform/enable", { platformId: platform.id, enabled: false });
    expect((await quizzesFor(bed.tenant.teacher, fresh.token)).status).toBe(410);
  });

  it("settings we cannot answer are refused before anyone picks: no ltiResourceLink accepted, or a return URL that is not https", async () => {
    const settings = side.settingsFor("dep-1");
    await expect(startDeepLinking(bed.services, { platform, deploymentId: "dep-1", userId: bed.tenant.teacher.id, settings: { ...settings, accept_types: ["file"] } })).rejects.toMatchObject({ status: 400, code: "LTI_DEEP_LINK_SETTINGS_INVALID", params: { detail: expect.stringMatching(/ltiResourceLink/) } });
    await expect(startDeepLinking(bed.services, { platform, deploymentId: "dep-1", userId: bed.tenant.teacher.id, settings: { ...settings, deep_link_return_url: "http://lms.example/return" } })).rejects.toMatchObject({ status: 400, code: "LTI_DEEP_LINK_SETTINGS_INVALID", params: { detail: expect.stringMatching(/https/) } });
  });

  it("the stand-in refuses a response signed with another key, or whose data was not the one it sent", async () => {
    const { quiz } = await createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id });
    const { token } = await start();
    const jwt = jwtOf(await (await choose(bed.tenant.teacher, token, quiz.id)).text());
    const [header, payload] = jwt.split(".");
    const forged = `${header}.${payload}.${"A".repeat(342)}`;
    const refused = await fetch(`${lms.url}/deep-linking/return`, { method: "POST", body: new URLSearchParams({ JWT: forged }) });
    expect(refused.status).toBe(400);
    expect(side.placed).toEqual([]);
    const post = () => fetch(`${lms.url}/deep-linking/return`, { method: "POST", body: new URLSearchParams({ JWT: jwt }) });
    expect((await post()).status).toBe(200);
    // Its data was answered once: the same response again is not the answer to a request.
    expect((await post()).status).toBe(400);
    expect(side.placed).toHaveLength(1);
  });
});

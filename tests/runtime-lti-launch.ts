import { type APIRequestContext, expect, request as requests, test } from "@playwright/test";
import { type LmsStandIn, startLmsStandIn } from "../api/test-support/lms-stand-in/index.node";
import { type AuthHeaders, approvedTeacher, authorQuiz, bearer, newAccount, OWNER } from "./runtime-journey";

/**
 * One LTI 1.3 launch on a runtime (issue 29 point 6, ADR 0087), the same steps for the Worker
 * smoke (tests/worker) and the Deno smoke (tests/deno): the LMS stand-in runs in the test
 * process; the owner adds it as a platform through the API; a teacher publishes a quiz; the
 * stand-in's learner logs in and launches; the server fetches the stand-in's JWKS, verifies the
 * id_token with jose on Web Crypto, makes the Student, opens the session and lands them on the
 * quiz; the same token again is refused as a replay. The server must allow http to this
 * machine (LTI_ALLOW_HTTP=1 in its smoke script).
 */

/** The owner adds the stand-in as a platform by hand, as on /quiz/admin/lti. */
async function addStandInPlatform(request: APIRequestContext, owner: AuthHeaders, standIn: LmsStandIn): Promise<void> {
  const { oidc } = standIn;
  const added = await request.post("/api/lti/platform", {
    headers: owner,
    data: { name: "Stand-in LMS", issuer: oidc.issuer, clientId: oidc.clientId, deploymentIds: [oidc.deploymentId], authLoginUrl: oidc.authLoginUrl, authTokenUrl: standIn.services.tokenUrl, keySetUrl: oidc.keySetUrl },
  });
  expect(added.status(), await added.text()).toBe(201);
}

/** The learner's launch of `quizId` in a browser of their own: login, the platform's id_token, the landing, the session, a replay refused. */
async function launchAsLearner(tool: string, standIn: LmsStandIn, quizId: number, learner: { sub: string; name: string }): Promise<void> {
  const browser = await requests.newContext({ baseURL: tool });
  try {
    const login = await browser.get(`/api/lti/login?${new URLSearchParams({ iss: standIn.oidc.issuer, login_hint: learner.sub, target_link_uri: `${tool}/api/lti/launch`, client_id: standIn.oidc.clientId })}`, { maxRedirects: 0 });
    expect(login.status(), await login.text()).toBe(302);
    const auth = new URL(login.headers().location);
    const claims = standIn.oidc.claimsOf({ user: { ...learner, roles: ["Learner"] }, quizId }, auth.searchParams.get("nonce") ?? "");
    const form = { id_token: await standIn.oidc.mint(claims), state: auth.searchParams.get("state") ?? "" };
    const launch = await browser.post("/api/lti/launch", { form, maxRedirects: 0 });
    expect(launch.status(), await launch.text()).toBe(302);
    expect(launch.headers().location).toBe(`/quiz/student/quizPool/${quizId}/take`);

    const me = await browser.get("/api/auth/me");
    expect(me.status()).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(learner.name);
    // The same token again is a replay: refused with a page, not a 5xx.
    const replay = await browser.post("/api/lti/launch", { form, maxRedirects: 0 });
    expect(replay.status()).toBe(401);
  } finally {
    await browser.dispose();
  }
}

/**
 * The smoke's test: the runtime's server answers on 127.0.0.1:`port` (the smoke's config), the
 * stand-in listens on `port` + 1 for the spec's tests.
 */
export function ltiLaunchSmoke(runtime: { tag: string; name: string; port: number }): void {
  const tool = `http://127.0.0.1:${runtime.port}`;
  let standIn: LmsStandIn | undefined;
  test.beforeAll(async () => {
    standIn = await startLmsStandIn({ toolUrl: tool, port: runtime.port + 1 });
  });
  test.afterAll(async () => {
    await standIn?.close();
  });
  test(`a learner's LTI launch on ${runtime.name}: the id_token verified by the platform's JWKS, a Student made, signed in, landed on the quiz`, async ({ request }) => {
    await ltiLaunchJourney(request, runtime.tag, tool, standIn!);
  });
}

/** The whole launch: the platform added, a quiz published, the learner launched onto it. */
async function ltiLaunchJourney(request: APIRequestContext, runtime: string, tool: string, standIn: LmsStandIn): Promise<void> {
  await addStandInPlatform(request, await bearer(request, OWNER), standIn);
  const teacher = await approvedTeacher(request, newAccount(runtime, "lti-teacher", "Lena Teacher"));
  const suffix = Date.now().toString(36);
  const { quizId } = await authorQuiz(request, teacher, {
    place: { category: `LTI ${suffix}`, course: "Launches" },
    quizName: `Launched on ${runtime} ${suffix}`,
    quizDescription: "Opened from the LMS",
    question: { questionText: "Where was this quiz opened?", right: "In the LMS", wrong: "Nowhere", answerExplaination: "<p>Through an LTI launch.</p>" },
  });
  await launchAsLearner(tool, standIn, quizId, { sub: `${runtime}-learner-${suffix}`, name: `${runtime} Learner` });
}

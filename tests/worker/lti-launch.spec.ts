import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type LmsStandIn, startLmsStandIn } from "../../api/test-support/lms-stand-in/index.node";

/**
 * Issue 29 point 6 (ADR 0087): one LTI 1.3 launch on Workers. The LMS stand-in runs in the
 * test process; the Worker fetches its JWKS, verifies the id_token with jose on Web Crypto,
 * makes the learner, opens the session and lands them on the quiz. The platform is registered
 * straight into the local D1 database (the owner's page is another helper's work).
 */
const port = Number(process.env.WORKER_PORT ?? 8787);
const tool = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, "../..");
let standIn: LmsStandIn;

/** One statement on the Worker's local D1 (the state folder of scripts/worker-smoke-server.sh). */
function d1(sql: string): Record<string, unknown>[] {
  const out = execFileSync(path.join(root, "node_modules/.bin/wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", ".wrangler/smoke-test", "--json", "--command", sql], { cwd: root, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0].results;
}

test.beforeAll(async () => {
  standIn = await startLmsStandIn({ toolUrl: tool, port: port + 1 });
});
test.afterAll(async () => {
  await standIn.close();
});

test("a learner's LTI launch on Workers: the id_token verified by the platform's JWKS, a Student made, signed in, landed on the quiz", async ({ request }) => {
  const [business] = d1("select id from businesses order by id limit 1");
  const [quiz] = d1(`select id from quizzes where business_id = ${Number(business.id)} and status = 'Published' order by id limit 1`);
  const now = Date.now();
  const [platform] = d1(
    `insert into lti_platforms (business_id, name, issuer, client_id, auth_login_url, auth_token_url, key_set_url, registered_by, enabled, created_at, updated_at) values (${Number(business.id)}, 'Stand-in', '${standIn.oidc.issuer}', '${standIn.oidc.clientId}', '${standIn.oidc.authLoginUrl}', '${standIn.url}/token', '${standIn.oidc.keySetUrl}', 'manual', 1, ${now}, ${now}) returning id`,
  );
  d1(`insert into lti_deployments (platform_id, deployment_id, created_at) values (${Number(platform.id)}, '${standIn.oidc.deploymentId}', ${now})`);

  const login = await request.get(`/api/lti/login?${new URLSearchParams({ iss: standIn.oidc.issuer, login_hint: "w-1", target_link_uri: `${tool}/api/lti/launch`, client_id: standIn.oidc.clientId })}`, { maxRedirects: 0 });
  expect(login.status(), await login.text()).toBe(302);
  const auth = new URL(login.headers().location);
  const claims = standIn.oidc.claimsOf({ user: { sub: "worker-learner", name: "Wanda Learner", roles: ["Learner"] }, quizId: Number(quiz.id) }, auth.searchParams.get("nonce") ?? "");
  const launch = await request.post("/api/lti/launch", { form: { id_token: await standIn.oidc.mint(claims), state: auth.searchParams.get("state") ?? "" }, maxRedirects: 0 });
  expect(launch.status(), await launch.text()).toBe(302);
  expect(launch.headers().location).toBe(`/quiz/student/quizPool/${Number(quiz.id)}/take`);

  const me = await request.get("/api/auth/me");
  expect(me.status()).toBe(200);
  expect(JSON.stringify(await me.json())).toContain("Wanda Learner");
  // The same token again is a replay: refused with a page, not a 5xx.
  const replay = await request.post("/api/lti/launch", { form: { id_token: await standIn.oidc.mint(claims), state: auth.searchParams.get("state") ?? "" }, maxRedirects: 0 });
  expect(replay.status()).toBe(401);
});

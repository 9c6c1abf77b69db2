/**
 * LTI Dynamic Registration 1.0 (issue 29 point 1, ADR 0088) through the real routes against the
 * LMS stand-in's registration side on the network: the owner registers; the platform's answer
 * becomes the stored platform; a teacher, a configuration whose issuer does not prefix its URL,
 * garbage, an oversized or redirected answer, a refused token and plain http elsewhere are each
 * a coded refusal that stores nothing (never a 5xx from the platform's input but the coded 503).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ltiDeployments, ltiPlatforms } from "../../db/schema";
import { type LmsStandIn, startLmsStandIn } from "../test-support/lms-stand-in/index.node";
import { eachTestBed } from "../test-support/test-bed.node";
import { TOOL_SCOPES } from "../services/lti/registration/client-registration";

const bed = eachTestBed("Registration School");
let lms: LmsStandIn;
let side: LmsStandIn["registration"];

/** Answers of a misbehaving platform, beside the stand-in's own. */
function misbehaving(baseUrl: string) {
  return (request: Request): Response | null => {
    const path = new URL(request.url).pathname;
    if (path === "/bad-issuer/.well-known/openid-configuration") {
      // The issuer of a look-alike host: a prefix of the URL as text, not at a path boundary.
      return Response.json({ ...side.configuration(), issuer: baseUrl.replace(/\d+$/, (port) => port.slice(0, -1)) });
    }
    if (path === "/garbage/.well-known/openid-configuration") return new Response("<html>Moodle is down</html>", { headers: { "content-type": "text/html" } });
    if (path === "/huge/.well-known/openid-configuration") return Response.json({ ...side.configuration(), padding: "x".repeat(1_100_000) });
    if (path === "/moved/.well-known/openid-configuration") return new Response(null, { status: 302, headers: { location: "http://127.0.0.1:9/evil" } });
    if (path === "/no-rs256/.well-known/openid-configuration") return Response.json({ ...side.configuration(), id_token_signing_alg_values_supported: ["HS256"] });
    return null;
  };
}

beforeEach(async () => {
  lms = await startLmsStandIn({ toolUrl: bed.services.config.appUrl, extraParts: (baseUrl) => [misbehaving(baseUrl)] });
  side = lms.registration;
});
afterEach(() => lms.close());

const configurationUrl = () => `${lms.url}/.well-known/openid-configuration`;
const register = (who: Parameters<typeof bed.post>[0], body: Record<string, unknown>) => bed.post(who, "/lti/register", body);
const platforms = () => bed.services.db.select().from(ltiPlatforms);

describe("LTI Dynamic Registration", () => {
  it("the owner registers: the platform gets our client registration with the token as Bearer, and its answer is stored", async () => {
    const token = side.issueToken();
    const answer = await register(bed.tenant.owner, { openidConfiguration: configurationUrl(), registrationToken: token, name: "Course LMS" });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ code: "LTI_REGISTERED", params: { name: "Course LMS" }, data: { clientId: "stand-in-client-1", deploymentId: "stand-in-deployment-1" } });

    const [platform] = await platforms();
    expect(platform).toMatchObject({
      businessId: bed.tenant.business.id,
      name: "Course LMS",
      issuer: lms.url,
      clientId: "stand-in-client-1",
      authLoginUrl: `${lms.url}/auth`,
      authTokenUrl: `${lms.url}/token`,
      keySetUrl: `${lms.url}/jwks`,
      registeredBy: "dynamic",
      enabled: true,
    });
    expect((await bed.services.db.select().from(ltiDeployments)).map((row) => row.deploymentId)).toEqual(["stand-in-deployment-1"]);

    const app = bed.services.config.appUrl;
    const sent = side.tools[0].registration;
    expect(sent).toMatchObject({
      application_type: "web",
      response_types: ["id_token"],
      grant_types: ["implicit", "client_credentials"],
      initiate_login_uri: `${app}/api/lti/login`,
      redirect_uris: [`${app}/api/lti/launch`],
      jwks_uri: `${app}/api/lti/jwks`,
      token_endpoint_auth_method: "private_key_jwt",
      "https://purl.imsglobal.org/spec/lti-tool-configuration": {
        domain: new URL(app).host,
        target_link_uri: `${app}/api/lti/launch`,
        messages: [expect.objectContaining({ type: "LtiDeepLinkingRequest" }), expect.objectContaining({ type: "LtiResourceLinkRequest" })],
      },
    });
    expect((sent.scope as string).split(" ")).toEqual([...TOOL_SCOPES]);
    // The platform's list shows it, as registered dynamically.
    expect((await bed.post(bed.tenant.owner, "/lti/platform/all")).body.data[0]).toMatchObject({ registeredBy: "dynamic", deploymentIds: ["stand-in-deployment-1"] });
  });

  it("only the owner registers: a teacher is refused before anything is fetched", async () => {
    const token = side.issueToken();
    expect((await register(bed.tenant.teacher, { openidConfiguration: configurationUrl(), registrationToken: token })).status).toBe(403);
    expect(side.tools).toEqual([]);
    expect(await platforms()).toEqual([]);
  });

  it("the platform refusing our token is a 400 naming its status; nothing is stored", async () => {
    const refused = await register(bed.tenant.owner, { openidConfiguration: configurationUrl(), registrationToken: "not-issued" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "LTI_REGISTRATION_REFUSED", params: { status: 401 } });
    expect(await platforms()).toEqual([]);
  });

  it("an issuer that does not prefix the configuration URL at a path boundary, or no RS256, is refused (LTI_REGISTRATION_CONFIG_INVALID)", async () => {
    for (const path of ["/bad-issuer", "/no-rs256"]) {
      const answer = await register(bed.tenant.owner, { openidConfiguration: `${lms.url}${path}/.well-known/openid-configuration`, registrationToken: side.issueToken() });
      expect(answer.status, path).toBe(400);
      expect(answer.body.code, path).toBe("LTI_REGISTRATION_CONFIG_INVALID");
      expect(answer.body.params.detail, path).toMatch(path === "/bad-issuer" ? /does not prefix/ : /RS256/);
    }
    expect(side.tools).toEqual([]);
    expect(await platforms()).toEqual([]);
  });

  it("garbage, an answer over 1 MB and a redirect are the coded 503; plain http to another host and no configuration at all are 400s", async () => {
    for (const path of ["/garbage", "/huge", "/moved"]) {
      const answer = await register(bed.tenant.owner, { openidConfiguration: `${lms.url}${path}/.well-known/openid-configuration`, registrationToken: side.issueToken() });
      expect(answer.status, path).toBe(503);
      expect(answer.body.code, path).toBe("LTI_REGISTRATION_CONFIG_UNREACHABLE");
    }
    const http = await register(bed.tenant.owner, { openidConfiguration: "http://lms.example/.well-known/openid-configuration" });
    expect(http.body).toMatchObject({ code: "LTI_URL_INVALID" });
    expect(http.status).toBe(400);
    const missing = await register(bed.tenant.owner, {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("LTI_REGISTRATION_PARAMS_MISSING");
    expect(await platforms()).toEqual([]);
  });

  it("GET /api/lti/register sends the browser on to the owner's confirmation page with the same query", async () => {
    const query = `openid_configuration=${encodeURIComponent(configurationUrl())}&registration_token=abc`;
    const answer = await bed.app.request(`/lti/register?${query}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/quiz/admin/lti/register?${query}`);
  });
});

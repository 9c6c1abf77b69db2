import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../../test-support/factories.node.ts";
import { users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { authTestApp, cookiesOf, movableClock, post } from "./auth-helpers.node.ts";
import { startTestProvider, TEST_CLIENT_ID } from "./oidc-provider.node.ts";
import { answerPopup, runProviderPopup } from "./provider-popup-flow.node.ts";

const MISSING = "The sign-in request has expired or was started in another browser. Please try again";
const STATE = "The sign-in answer does not belong to this sign-in request. Please try again";
const NONCE = "The sign-in token was not issued for this sign-in request. Please try again";
const USED = "This sign-in answer has already been used. Please try again";

describe("provider popup: state and nonce checked on the server", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let clock: ReturnType<typeof movableClock>;
  let provider: Awaited<ReturnType<typeof startTestProvider>>;
  let n = 0;

  /** The stand-in issuer signs in as a new person; returns their e-mail. */
  const newPerson = () => {
    n++;
    const email = `popup${n}@provider.test`;
    provider.signInAs({ sub: `popup-subject-${n}`, email, email_verified: true, name: `Popup ${n}` });
    return email;
  };
  const userByEmail = async (email: string) => (await services.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    provider = await startTestProvider();
    ({ app, services } = await authTestApp());
    clock = movableClock(services);
    services.config = { ...services.config, oidc: { issuer: provider.issuer, clientId: TEST_CLIENT_ID } };
    await createTenant(services.db, "Popup School");
  });
  afterAll(() => provider.close());

  describe("POST /auth/provider/start", () => {
    it("answers the authorization URL with a fresh state and nonce, bound by a short-lived httpOnly cookie", async () => {
      const res = await post(app, "/provider/start");
      expect(res.status).toBe(200);
      const url = new URL(res.body.authorizationUrl);
      expect(url.origin + url.pathname).toBe(`${provider.issuer}/authorize`);
      expect(url.searchParams.get("client_id")).toBe(TEST_CLIENT_ID);
      expect(url.searchParams.get("response_type")).toBe("id_token");
      expect(url.searchParams.get("redirect_uri")).toBe(`${services.config.appUrl}/quiz/auth/provider-callback`);
      expect(url.searchParams.get("state")).toBe(res.body.state);
      expect(url.searchParams.get("nonce")).toBe(res.body.nonce);
      expect(res.body.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(res.body.nonce).not.toBe(res.body.state);

      const [cookie] = res.headers.getSetCookie();
      expect(cookie).toMatch(/^quiz_oidc=[^;]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Strict$/);
      expect(cookie).not.toContain(res.body.nonce); // signed claims, not the bare values
      expect(res.headers.get("cache-control")).toBe("no-store");

      const other = await post(app, "/provider/start");
      expect(other.body.state).not.toBe(res.body.state);
      expect(other.body.nonce).not.toBe(res.body.nonce);
    });

    it("answers 404 without a configured provider", async () => {
      const plain = await authTestApp();
      const res = await post(plain.app, "/provider/start");
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Sign-in with the provider is not configured");
    });
  });

  describe("POST /auth/provider/callback", () => {
    it("signs in (a new person becomes a Student) and spends the request", async () => {
      const email = newPerson();
      const answer = await runProviderPopup(app);
      const res = await answerPopup(app, answer, answer.cookie);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email, userType: "Student", emailVerified: true });
      const cookies = cookiesOf(res.headers);
      expect(cookies.quiz_access).toBe(res.body.accessToken);
      expect(res.headers.getSetCookie().find((line) => line.startsWith("quiz_oidc="))).toContain("Max-Age=0");

      // The same answer again, even with the copied cookie, is a replay.
      const replay = await answerPopup(app, answer, answer.cookie);
      expect(replay.status).toBe(400);
      expect(replay.body.message).toBe(USED);
      expect(cookiesOf(replay.headers).quiz_access).toBeUndefined();
    });

    it("refuses an answer without this browser's request (none, forged or expired): 400, nobody signed in", async () => {
      const email = newPerson();
      const answer = await runProviderPopup(app);
      for (const cookie of [undefined, "quiz_oidc=forged.value.here", `quiz_oidc=${answer.token}`]) {
        const res = await answerPopup(app, answer, cookie);
        expect(res.status, String(cookie)).toBe(400);
        expect(res.body.message).toBe(MISSING);
        expect(cookiesOf(res.headers).quiz_access).toBeUndefined();
      }
      clock.advance(11 * 60 * 1000);
      const late = await answerPopup(app, answer, answer.cookie);
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(MISSING);
      clock.advance(-11 * 60 * 1000); // back to the issuer's time: its tokens live five minutes
      expect(await userByEmail(email)).toBeUndefined();
    });

    it("refuses a mismatching or missing state (400)", async () => {
      newPerson();
      const answer = await runProviderPopup(app);
      const wrong = await answerPopup(app, { ...answer, state: "not-the-state" }, answer.cookie);
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(STATE);
      const missing = await post(app, "/provider/callback", { token: answer.token }, { cookie: answer.cookie });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ state: "State is required" });
    });

    it("refuses a token issued for another request or without a nonce (401), e.g. one injected from another browser", async () => {
      const email = newPerson();
      const victim = await runProviderPopup(app);
      const attacker = await runProviderPopup(app);
      // The attacker's genuine token, answered in the victim's browser (state of the victim's request).
      const injected = await answerPopup(app, { token: attacker.token, state: victim.state }, victim.cookie);
      expect(injected.status).toBe(401);
      expect(injected.body.message).toBe(NONCE);

      const noNonce = await provider.sign({ sub: "no-nonce", email, email_verified: true });
      const res = await answerPopup(app, { token: noNonce, state: attacker.state }, attacker.cookie);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(NONCE);
      expect(await userByEmail(email)).toBeUndefined();
    });

    it("still verifies the token itself (a forged signature is 401)", async () => {
      newPerson();
      const answer = await runProviderPopup(app);
      const forged = await provider.sign({ sub: "forged", nonce: answer.nonce, email: "f@provider.test", email_verified: true }, { forged: true });
      const res = await answerPopup(app, { token: forged, state: answer.state }, answer.cookie);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("The sign-in token is invalid or has expired");
    });
  });

  it("the stand-in issuer refuses a request without nonce or state, as real providers do", async () => {
    const res = await fetch(`${provider.issuer}/authorize?response_type=id_token&client_id=x&redirect_uri=http://a/b`, { redirect: "manual" });
    expect(res.status).toBe(400);
  });
});

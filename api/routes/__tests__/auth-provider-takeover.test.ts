import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../../test-support/factories.node.ts";
import { emailOutbox, users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { authTestApp, cookiesOf, post } from "./auth-helpers.node.ts";
import { startTestProvider, TEST_CLIENT_ID } from "./oidc-provider.node.ts";
import { answerPopup, runProviderPopup } from "./provider-popup-flow.node.ts";

const UNCONFIRMED =
  "An account with this e-mail exists but its e-mail address is not confirmed yet. Sign in with your password, or confirm the e-mail first";

/**
 * Issue 6, item 1: someone registers a victim's address with a password of their own and
 * waits for the victim to sign in with the provider. The sign-in must not link the two.
 */
describe("pre-registration takeover", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let provider: Awaited<ReturnType<typeof startTestProvider>>;

  beforeAll(async () => {
    provider = await startTestProvider();
    ({ app, services } = await authTestApp());
    services.config = { ...services.config, oidc: { issuer: provider.issuer, clientId: TEST_CLIENT_ID } };
    await createTenant(services.db, "Takeover School");
  });
  afterAll(() => provider.close());

  const account = async (email: string) => (await services.db.select().from(users).where(eq(users.email, email)))[0];
  const register = (email: string, password: string) =>
    post(app, "/register", { email, fullname: "Some One", username: email.split("@")[0], password });

  it("the victim's provider sign-in is refused with a clear message and the attacker's account stays unlinked", async () => {
    const victim = "victim@school.test";
    expect((await register(victim, "attacker's own password")).status).toBe(201);
    provider.signInAs({ sub: "victim-subject", email: victim, email_verified: true, name: "Real Victim" });

    // The app's popup …
    const answer = await runProviderPopup(app);
    const popup = await answerPopup(app, answer, answer.cookie);
    expect(popup.status).toBe(409);
    expect(popup.body.message).toBe(UNCONFIRMED);
    expect(cookiesOf(popup.headers).quiz_access).toBeUndefined();

    // … and the module endpoints alike.
    for (const path of ["/login_with_user_module", "/login_with_user_module_with_user_data"]) {
      const token = await provider.sign({ sub: "victim-subject", email: victim, email_verified: true });
      const res = await post(app, path, { token });
      expect(res.status, path).toBe(409);
      expect(res.body.message).toBe(UNCONFIRMED);
    }

    const row = await account(victim);
    expect(row.oidcSubject).toBeNull();
    expect(row.emailVerified).toBe(false);
    expect(await services.db.select().from(users).where(eq(users.oidcSubject, "victim-subject"))).toHaveLength(0);
    // The account itself works as before for whoever knows its password.
    expect((await post(app, "/login", { email: victim, password: "attacker's own password" })).status).toBe(200);
  });

  it("once the e-mail is confirmed, the provider sign-in links the account as before", async () => {
    const owner = "owner-of-the-address@school.test";
    const registered = await register(owner, "my own passphrase");
    const [mail] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, owner)).orderBy(desc(emailOutbox.id)).limit(1);
    const token = mail.text.match(/\/quiz\/auth\/verify-email\/([A-Za-z0-9_-]+)/)![1];
    expect((await post(app, "/verify-email", { token })).status).toBe(200);

    provider.signInAs({ sub: "owner-subject", email: owner, email_verified: true });
    const answer = await runProviderPopup(app);
    const res = await answerPopup(app, answer, answer.cookie);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: registered.body.user.id, email: owner, emailVerified: true });
    expect((await account(owner)).oidcSubject).toBe("owner-subject");
  });
});

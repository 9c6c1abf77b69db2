/**
 * A local OpenID Connect provider for tests: serves the discovery document and a JWKS on
 * 127.0.0.1, and signs ID tokens with the key it publishes (or, to test forgeries, with a
 * key it does not publish). Its authorization endpoint answers an implicit-flow request as
 * a real provider would: it insists on `nonce` and `state`, signs in as `signedInAs`, and
 * redirects to the callback with the ID token (carrying the nonce) and the state.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

export const TEST_CLIENT_ID = "quiz-test-client";

export async function startTestProvider() {
  const published = await generateKeyPair("RS256");
  const unpublished = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "published", alg: "RS256", use: "sig" };
  let issuer = "";
  let signedInAs: JWTPayload = { sub: "stand-in-user", email: "stand-in@provider.test", email_verified: true };
  const signIdToken = (claims: JWTPayload, audience: string) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "published" })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(now - 10)
      .setExpirationTime(now + 300)
      .sign(published.privateKey);
  };
  const server = createServer(async (req, res) => {
    const send = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/.well-known/openid-configuration") {
      return send({ issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/authorize` });
    }
    if (req.url === "/jwks") return send({ keys: [jwk] });
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/authorize") {
      const query = url.searchParams;
      const [nonce, state, redirectUri, clientId] = ["nonce", "state", "redirect_uri", "client_id"].map((name) => query.get(name));
      if (query.get("response_type") !== "id_token" || !nonce || !state || !redirectUri || !clientId) {
        res.writeHead(400, { "content-type": "text/plain" }).end("nonce, state, redirect_uri and client_id are required");
        return;
      }
      const idToken = await signIdToken({ ...signedInAs, nonce }, clientId);
      res.writeHead(302, { location: `${redirectUri}#id_token=${idToken}&state=${encodeURIComponent(state)}` }).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    /** Who the authorization endpoint signs in from now on (its `sub`, `email`, …). */
    signInAs(claims: JWTPayload) {
      signedInAs = claims;
    },
    /** An ID token; options override the audience, issuer, expiry or signing key. */
    async sign(
      claims: JWTPayload,
      options: { audience?: string; issuer?: string; expiresAt?: number; forged?: boolean } = {},
    ): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: options.forged ? "unpublished" : "published" })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? TEST_CLIENT_ID)
        .setIssuedAt(now - 10)
        .setExpirationTime(options.expiresAt ?? now + 300)
        .sign(options.forged ? unpublished.privateKey : published.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

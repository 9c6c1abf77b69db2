/**
 * A local OpenID Connect provider for tests: serves the discovery document and a JWKS on
 * 127.0.0.1, and signs ID tokens with the key it publishes (or, to test forgeries, with a
 * key it does not publish).
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
  const server = createServer((req, res) => {
    const send = (body: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/.well-known/openid-configuration") {
      return send({ issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/authorize` });
    }
    if (req.url === "/jwks") return send({ keys: [jwk] });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
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

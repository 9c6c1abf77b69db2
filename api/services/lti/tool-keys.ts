import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { and, desc, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ltiToolKeys } from "../../../db/schema";
import { decryptSecret, encryptSecret } from "../payments/secret-box";

/**
 * The tool's signing keys (issue 29 point 1): one RS256 pair signs our messages to a platform
 * (deep-linking responses, AGS/NRPS client assertions); the public halves are published at
 * /api/lti/jwks by `kid`. The private JWK is sealed with the server's secrets key exactly as
 * the payment secrets are (secret-box.ts), bound to this table and the key's `kid`, so a
 * database dump alone cannot sign. Rotation makes a new pair and keeps the old one published
 * for RETIRED_KEY_PUBLISHED_MS, so a platform that cached our key set still verifies
 * a message signed a moment before the switch.
 */

export const LTI_SIGNING_ALG = "RS256" as const;
export const RETIRED_KEY_PUBLISHED_MS = 7 * 24 * 60 * 60 * 1000;

export interface SigningKey {
  kid: string;
  alg: typeof LTI_SIGNING_ALG;
  privateKey: CryptoKey;
}

/** Sealed values are bound to this place; businessId 0 because the tool's keys belong to no business. */
const sealPlace = (kid: string) => ({ businessId: 0, column: `lti_tool_keys.private_jwk:${kid}` });

export class ToolKeysUnavailable extends Error {
  constructor() {
    super("LTI tool keys need PAYMENT_SECRETS_KEY on the server to be sealed at rest");
  }
}

async function createKey(db: Db, secretsKey: string, now: Date): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(LTI_SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  const kid = crypto.randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: LTI_SIGNING_ALG, use: "sig" };
  const privateJwk = await exportJWK(privateKey);
  const sealed = await encryptSecret(secretsKey, sealPlace(kid), JSON.stringify(privateJwk));
  await db.insert(ltiToolKeys).values({ kid, alg: LTI_SIGNING_ALG, publicJwk: JSON.stringify(publicJwk), privateJwkSealed: sealed, createdAt: now });
  return { kid, alg: LTI_SIGNING_ALG, privateKey };
}

const signingKeyCache = new Map<string, Promise<SigningKey>>();

/**
 * The key that signs now (made on first use). Cached per process by `kid`; another server
 * that rotated is seen on the next cache miss, and both keys stay published meanwhile.
 */
export async function signingKey(db: Db, secretsKey: string | null, now: Date): Promise<SigningKey> {
  if (!secretsKey) throw new ToolKeysUnavailable();
  const [current] = await db.select().from(ltiToolKeys).where(isNull(ltiToolKeys.retiredAt)).orderBy(desc(ltiToolKeys.id)).limit(1);
  if (!current) return createKey(db, secretsKey, now);
  let cached = signingKeyCache.get(current.kid);
  if (!cached) {
    cached = (async () => {
      const plain = await decryptSecret(secretsKey, sealPlace(current.kid), current.privateJwkSealed);
      if (plain === null) throw new ToolKeysUnavailable();
      const privateKey = (await importJWK(JSON.parse(plain) as JWK, LTI_SIGNING_ALG)) as CryptoKey;
      return { kid: current.kid, alg: LTI_SIGNING_ALG, privateKey };
    })();
    signingKeyCache.set(current.kid, cached);
    cached.catch(() => signingKeyCache.delete(current.kid));
  }
  return cached;
}

/** A new signing key; the previous one stays published until RETIRED_KEY_PUBLISHED_MS after now. */
export async function rotateSigningKey(db: Db, secretsKey: string | null, now: Date): Promise<SigningKey> {
  if (!secretsKey) throw new ToolKeysUnavailable();
  await db
    .update(ltiToolKeys)
    .set({ retiredAt: now, expiresAt: new Date(now.getTime() + RETIRED_KEY_PUBLISHED_MS) })
    .where(isNull(ltiToolKeys.retiredAt));
  return createKey(db, secretsKey, now);
}

/** The public key set served at GET /api/lti/jwks: the signing key and the retired ones still published. */
export async function publishedKeySet(db: Db, now: Date): Promise<{ keys: JWK[] }> {
  const rows = await db
    .select({ publicJwk: ltiToolKeys.publicJwk })
    .from(ltiToolKeys)
    .where(or(isNull(ltiToolKeys.retiredAt), and(gt(ltiToolKeys.expiresAt, now))))
    .orderBy(desc(ltiToolKeys.id));
  return { keys: rows.map((row) => JSON.parse(row.publicJwk) as JWK) };
}

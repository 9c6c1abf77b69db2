/**
 * Test helpers for API routes: real services over a fresh migrated libSQL file, disk blobs
 * in a temp folder and the local outbox mailer, and the real `/api` application on them.
 */
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApi } from "../app";
import { createDiskBlobStore } from "../adapters/blob-store-disk.node.ts";
import { createDiskFontSource } from "../adapters/fonts-disk.node.ts";
import { createOutboxMailer } from "../adapters/mailer-outbox";
import { readConfig } from "../services/core/config";
import type { AppServices } from "../services/core/app-services";
import type { Caller } from "../services/core/caller";
import { signAccessToken } from "../services/auth/access-token";
import { startSession } from "../services/auth/sessions";
import { createTestDb } from "./factories.node.ts";
import type { User } from "../../db/schema";

const tempDirs: string[] = [];
// One font cache for every test of a file: each font file is read from disk once.
const testFonts = createDiskFontSource();
let cleanupRegistered = false;

export async function createTestServices(overrides: Partial<AppServices> = {}): Promise<AppServices> {
  const db = overrides.db ?? (await createTestDb());
  const blobDir = await mkdtemp(path.join(tmpdir(), "quiz-test-blobs-"));
  tempDirs.push(blobDir);
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    process.once("exit", () => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  }
  const config = readConfig({ JWT_SECRET: "x".repeat(32), PAYMENT_SECRETS_KEY: "p".repeat(32), LTI_ALLOW_HTTP: "1" });
  const services: AppServices = {
    db,
    blobs: createDiskBlobStore(blobDir),
    config,
    now: () => new Date(),
    mailer: createOutboxMailer(db, config.mailFrom, () => services.now()),
    fonts: testFonts,
    ...overrides,
  };
  return services;
}

/** The caller a signed-in user is, as the auth middleware would set it. */
export function callerOf(user: Pick<User, "id" | "businessId" | "userType" | "profile" | "roleLevel">): Caller {
  return { userId: user.id, businessId: user.businessId, userType: user.userType, profile: user.profile, roleLevel: user.roleLevel };
}

/**
 * Request headers carrying a valid access token for `caller` (or for a user row), with a
 * real open session behind it as a sign-in would create (tokens of ended sessions fail).
 */
export async function bearer(services: AppServices, caller: Caller | Parameters<typeof callerOf>[0]): Promise<{ authorization: string }> {
  const asCaller = "userId" in caller ? caller : callerOf(caller);
  const session = await startSession(services, asCaller.userId, { userAgent: "vitest" });
  return { authorization: `Bearer ${await signAccessToken(services, asCaller, session.id)}` };
}

/** The real `/api` application (routes at `/auth`, `/files`, …) on the test services. */
export function createTestApi(services: AppServices) {
  return createApi(services);
}

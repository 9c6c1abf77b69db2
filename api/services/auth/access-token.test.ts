import { expect, it } from "vitest";
import { createTenant } from "../../test-support/factories.node";
import { callerOf, createTestServices } from "../../test-support/test-app.node";
import type { AppServices } from "../core/app-services";
import { readAccessToken, signAccessToken, verifyAccessToken } from "./access-token";
import { endSessionStatement, startSession } from "./sessions";

/** A token verified once is remembered by its text (issue 19): what must still hold on every later use. */
async function signedIn() {
  let clock = Date.UTC(2026, 10, 27, 9);
  const services = await createTestServices({ now: () => new Date(clock) });
  const { student } = await createTenant(services.db);
  const session = await startSession(services, student.id);
  const token = await signAccessToken(services, callerOf(student), session.id);
  return { services, student, session, token, setClock: (at: number) => (clock = at), clock: () => clock };
}

it("a remembered token still expires on time", async () => {
  const { services, token, setClock, clock } = await signedIn();
  expect(await readAccessToken(services, token)).not.toBeNull();
  const expiresAt = clock() + services.config.accessTokenTtlSeconds * 1000;
  setClock(expiresAt - 1000);
  expect(await readAccessToken(services, token)).not.toBeNull();
  setClock(expiresAt);
  expect(await readAccessToken(services, token)).toBeNull();
});

it("a remembered token is refused once its session has ended", async () => {
  const { services, student, session, token } = await signedIn();
  expect(await verifyAccessToken(services, token)).toMatchObject({ userId: student.id, sessionId: session.id });
  await endSessionStatement(services, student.id, session.id);
  expect(await verifyAccessToken(services, token)).toBeNull();
});

it("a token remembered under one secret is not accepted under another", async () => {
  const { services, token } = await signedIn();
  expect(await readAccessToken(services, token)).not.toBeNull();
  const rotated: AppServices = { ...services, config: { ...services.config, jwtSecret: "y".repeat(32) } };
  expect(await readAccessToken(rotated, token)).toBeNull();
  const elsewhere: AppServices = { ...services, config: { ...services.config, appUrl: "https://other.example" } };
  expect(await readAccessToken(elsewhere, token)).toBeNull();
});

it("a forged token is never remembered", async () => {
  const { services, token } = await signedIn();
  const [header, payload] = token.split(".");
  const forged = `${header}.${payload}.${"A".repeat(43)}`;
  expect(await readAccessToken(services, forged)).toBeNull();
  expect(await readAccessToken(services, forged)).toBeNull();
});

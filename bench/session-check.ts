/**
 * What it costs to honour an access token only while its session is open (issue 6 item 3):
 * `verifyAccessToken` (JWT check + one primary-key lookup in `sessions`) against its floor
 * `readAccessToken` (the JWT check alone), on the embedded libSQL file, interleaved in the
 * same run so machine noise cancels out. Reports the ratio and the extra microseconds per
 * request. `npm run bench:session` (not part of `npm test`).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { readAccessToken, signAccessToken, verifyAccessToken } from "../api/services/auth/access-token";
import { startSession } from "../api/services/auth/sessions";
import { readConfig } from "../api/services/core/config";
import type { AppServices } from "../api/services/core/app-services";
import { createTenant, createTestDb } from "../api/test-support/factories.node.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const PER_ROUND = Number(process.env.PER_ROUND ?? 2000);
const OTHER_SESSIONS = Number(process.env.OTHER_SESSIONS ?? 20000);

async function timeIt(work: () => Promise<unknown>, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await work();
  return (performance.now() - start) / count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  // Only what token checks touch: the migrated database, the config and the clock.
  const services = { db: await createTestDb(), config: readConfig({ JWT_SECRET: "b".repeat(32) }), now: () => new Date() } as AppServices;
  const tenant = await createTenant(services.db, "Bench School");
  // A realistic table: many other sign-ins, so the lookup is an index probe, not a scan of a few rows.
  for (let i = 0; i < OTHER_SESSIONS; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, OTHER_SESSIONS - i) }, () => startSession(services, tenant.student.id)));
  }
  const session = await startSession(services, tenant.teacher.id, { userAgent: "bench" });
  const token = await signAccessToken(
    services,
    { userId: tenant.teacher.id, businessId: tenant.business.id, userType: "Teacher", profile: tenant.teacher.profile, roleLevel: tenant.teacher.roleLevel },
    session.id,
  );
  if (!(await verifyAccessToken(services, token))) throw new Error("the benchmark token does not verify");

  const floor: number[] = [];
  const checked: number[] = [];
  await timeIt(() => verifyAccessToken(services, token), 500); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    floor.push(await timeIt(() => readAccessToken(services, token), PER_ROUND));
    checked.push(await timeIt(() => verifyAccessToken(services, token), PER_ROUND));
  }
  const floorUs = median(floor) * 1000;
  const checkedUs = median(checked) * 1000;
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, ${new Date().toISOString()}`);
  console.log(`sessions in table: ${OTHER_SESSIONS + 1}; rounds: ${ROUNDS} × ${PER_ROUND}`);
  console.log(`JWT check only (floor):        ${floorUs.toFixed(1)} µs per request`);
  console.log(`JWT check + session lookup:    ${checkedUs.toFixed(1)} µs per request`);
  console.log(`ratio to floor: ${(checkedUs / floorUs).toFixed(2)}×  (extra ${(checkedUs - floorUs).toFixed(1)} µs per request)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

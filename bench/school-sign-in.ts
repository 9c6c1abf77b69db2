/**
 * A whole school signing in from one NAT address (docs/decisions/0009): 1,000 students, three
 * typos each, then the right password, all within a minute, through the real `/api` app on a
 * migrated libSQL file. Checks the outcome (3,000 refusals, 1,000 sign-ins, the address never
 * locked) and reports the rate. The rule itself is proved with a handful of requests in
 * api/routes/__tests__/auth-login.test.ts; the load lives here, outside `npm test`.
 *
 *   npm run bench:school-sign-in
 *   STUDENTS=2000 npm run bench:school-sign-in
 */
import { argon2idAsync } from "@noble/hashes/argon2.js";
import { eq } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import { loginThrottle, users } from "../db/schema";
import { chunkRows, rowsPerStatement } from "../db/statement-limits";
import { createBusiness, TEST_PASSWORD } from "../api/test-support/factories.node.ts";
import { authTestApp, fromAddress, post } from "../api/routes/__tests__/auth-helpers.node.ts";

const STUDENTS = Number(process.env.STUDENTS ?? 1000);
const TYPOS = 3;

/**
 * An argon2id hash at the lowest cost: verifyPassword reads the cost from the stored hash, so
 * the hashing (measured by bench:password) does not drown the throttling measured here.
 */
async function cheapHash(password: string): Promise<string> {
  const salt = new Uint8Array(16).fill(7);
  const hash = await argon2idAsync(password, salt, { m: 8, t: 1, p: 1, dkLen: 32 });
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
  return `$argon2id$v=19$m=8,t=1,p=1$${b64(salt)}$${b64(hash)}`;
}

const { app, services } = await authTestApp();
const business = await createBusiness(services.db, { name: "NAT School" });
const passwordHash = await cheapHash(TEST_PASSWORD);
const students = Array.from({ length: STUDENTS }, (_, i) => ({
  businessId: business.id,
  email: `nat-student-${i}@school.test`,
  username: `nat-student-${i}`,
  fullname: `NAT Student ${i}`,
  userType: "Student" as const,
  profile: 4,
  roleLevel: 4,
  passwordHash,
  emailVerified: true,
}));
const inserts = chunkRows(students, rowsPerStatement(users)).map((rows) => services.db.insert(users).values(rows));
await services.db.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);

const natAddress = fromAddress("192.0.2.77");
const answers: Record<number, number> = {};
const started = performance.now();
for (let attempt = 0; attempt <= TYPOS; attempt++) {
  for (const student of students) {
    const password = attempt < TYPOS ? `typo-${attempt}` : TEST_PASSWORD;
    const res = await post(app, "/login", { email: student.email, password }, natAddress);
    answers[res.status] = (answers[res.status] ?? 0) + 1;
  }
}
const seconds = (performance.now() - started) / 1000;
const [counter] = await services.db.select().from(loginThrottle).where(eq(loginThrottle.key, "ip:192.0.2.77"));
const expected = { 401: STUDENTS * TYPOS, 200: STUDENTS };
const held = answers[401] === expected[401] && answers[200] === expected[200] && counter.lockedUntil === null;
console.log(`${STUDENTS} students × ${TYPOS + 1} sign-ins from one address in ${seconds.toFixed(1)} s (${((STUDENTS * (TYPOS + 1)) / seconds).toFixed(0)}/s sequential)`);
console.log(`answers ${JSON.stringify(answers)}, expected ${JSON.stringify(expected)}; address counter ${counter.failures}, locked: ${counter.lockedUntil !== null}`);
console.log(held ? "held: nobody locked out" : "FAILED: the school was locked out or a sign-in was refused");
process.exit(held ? 0 : 1);

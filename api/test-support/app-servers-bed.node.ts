import { eq } from "drizzle-orm";
import { createLibsqlDb, type Db } from "../../db/client";
import { users } from "../../db/schema";
import { createServerDatabase, type DatabaseServer } from "../../db/test-support/sqld-databases.node.ts";
import { hashPassword } from "../services/auth/password";
import { type AppServers, type AppServer, startAppServers } from "./app-servers.node.ts";
import { TEST_PASSWORD } from "./factories.node.ts";
import { shownIdsOf } from "./shown-ids.node.ts";
import { createTestServices } from "./test-app.node.ts";
import { type S3StandIn, startS3StandIn } from "./s3-stand-in.node.ts";

/**
 * Several real app servers on one fresh database of the lane's sqld and one S3 stand-in, with
 * helpers to speak to them over HTTP as a browser behind a load balancer would
 * (tests/sqld/several-app-servers.test.ts, tests/sqld/server-dies-mid-sitting.test.ts).
 */
export interface AppServersBed extends AppServers {
  /** The test's own client on the same database (factories, checks). */
  db: Db;
  bucket: S3StandIn;
  databaseUrl: string;
  /** Gives `userIds` the password TEST_PASSWORD as the servers hash it (with their pepper). */
  givePassword(...userIds: number[]): Promise<void>;
  /** POST (or GET without a body) to `path` under /api on `server`; the body parsed. */
  call(server: AppServer, path: string, token?: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, never> }>;
  /** Stored option ids → the ids attempt `takenQuizId` shows (they are keyed by the servers' secret). */
  shownIds(takenQuizId: number): Promise<(storedIds: readonly number[]) => number[]>;
  /** Signs in on `server`: the access token. */
  signIn(server: AppServer, email: string): Promise<string>;
}

/**
 * `emptyDatabase`: the servers start together on a database nobody migrated, and race to
 * migrate it as a new deployment's do (else a fork of the lane's migrated template).
 */
export async function startAppServersBed(sqld: DatabaseServer, count: number, { env = {}, emptyDatabase = false }: { env?: Record<string, string>; emptyDatabase?: boolean } = {}): Promise<AppServersBed> {
  const databaseUrl = await createServerDatabase(sqld, emptyDatabase ? "" : sqld.template);
  const db = createLibsqlDb({ url: databaseUrl, authToken: sqld.authToken });
  const bucket = await startS3StandIn();
  let started: AppServers;
  try {
    started = await startAppServers(count, { databaseUrl, authToken: sqld.authToken, bucket, env });
  } catch (error) {
    await bucket.stop();
    throw error;
  }
  const call: AppServersBed["call"] = async (server, path, token, body, headers = {}) => {
    const answer = await fetch(`${server.origin}/api${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, body: (text.startsWith("{") ? JSON.parse(text) : {}) as Record<string, never> };
  };
  const passwordHash = await hashPassword(TEST_PASSWORD, started.secrets.PASSWORD_PEPPER);
  return {
    ...started,
    db,
    bucket,
    databaseUrl,
    call,
    async givePassword(...userIds) {
      for (const id of userIds) await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },
    async shownIds(takenQuizId) {
      const services = await createTestServices({ db });
      return shownIdsOf({ ...services, config: { ...services.config, jwtSecret: started.secrets.JWT_SECRET } }, takenQuizId);
    },
    async signIn(server, email) {
      const answer = await call(server, "/auth/login", undefined, { email, password: TEST_PASSWORD });
      if (answer.status !== 200) throw new Error(`sign-in of ${email} on ${server.origin}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.accessToken as string;
    },
    async stop() {
      await started.stop();
      await bucket.stop();
    },
  };
}

import { resolveLocalhostNames } from "./localhost-names.node.ts";

/**
 * Fresh databases on the libSQL server of the server lane (sqld-server.node.ts), one
 * namespace each. The lane names its server in the environment, so the same test files run on
 * the embedded file (the unit suite) or on the server (`npm run test:sqld`) without a copy:
 *
 *   TEST_DATABASE_URL         http://127.0.0.1:PORT, the server's HTTP address
 *   TEST_DATABASE_AUTH_TOKEN  the JWT every client sends, as DATABASE_AUTH_TOKEN on Turso
 *   TEST_DATABASE_ADMIN_URL   its admin API, where each test's namespace is made
 *   TEST_DATABASE_TEMPLATE    a namespace migrated once, which each test's copies (optional)
 */
export interface DatabaseServer {
  url: string;
  authToken: string;
  adminUrl: string;
  /** A migrated namespace: a new database is a fork of it instead of an empty one. */
  template?: string;
}

export function databaseServerFromEnv(env: Record<string, string | undefined> = process.env): DatabaseServer | undefined {
  const { TEST_DATABASE_URL: url, TEST_DATABASE_AUTH_TOKEN: authToken, TEST_DATABASE_ADMIN_URL: adminUrl, TEST_DATABASE_TEMPLATE: template } = env;
  if (!url) return undefined;
  if (!authToken || !adminUrl) throw new Error("TEST_DATABASE_URL needs TEST_DATABASE_AUTH_TOKEN and TEST_DATABASE_ADMIN_URL (npm run test:sqld sets them)");
  return { url, authToken, adminUrl, template };
}

let made = 0;

/** The URL of namespace `name` on `server`. */
export function namespaceUrl(server: DatabaseServer, name: string): string {
  resolveLocalhostNames();
  const url = new URL(server.url);
  url.hostname = `${name}.localhost`;
  return url.origin;
}

/**
 * Makes a new database (a new namespace) on `server`, its URL: a fork of the server's migrated
 * template when it has one (about 30 ms, against 100 for an empty one migrated over HTTP:
 * ADR 0086), else `from`'s fork, else an empty one.
 */
export async function createServerDatabase(server: DatabaseServer, from = server.template): Promise<string> {
  // Names are unique across the lane's worker processes (pid) and within one (a counter).
  const name = `t${process.pid}n${++made}`;
  const action = from ? `${from}/fork/${name}` : `${name}/create`;
  const res = await fetch(`${server.adminUrl}/v1/namespaces/${action}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  if (!res.ok) throw new Error(`sqld refused ${action}: ${res.status} ${await res.text()}`);
  return namespaceUrl(server, name);
}

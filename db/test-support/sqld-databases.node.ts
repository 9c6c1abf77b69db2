import dns from "node:dns";

/**
 * Fresh databases on the libSQL server of the server lane (sqld-server.node.ts), one
 * namespace each. The lane names its server in the environment, so the same test files run on
 * the embedded file (the unit suite) or on the server (`npm run test:sqld`) without a copy:
 *
 *   TEST_DATABASE_URL         http://127.0.0.1:PORT, the server's HTTP address
 *   TEST_DATABASE_AUTH_TOKEN  the JWT every client sends, as DATABASE_AUTH_TOKEN on Turso
 *   TEST_DATABASE_ADMIN_URL   its admin API, where each test's namespace is made
 */
export interface DatabaseServer {
  url: string;
  authToken: string;
  adminUrl: string;
}

export function databaseServerFromEnv(env: Record<string, string | undefined> = process.env): DatabaseServer | undefined {
  const { TEST_DATABASE_URL: url, TEST_DATABASE_AUTH_TOKEN: authToken, TEST_DATABASE_ADMIN_URL: adminUrl } = env;
  if (!url) return undefined;
  if (!authToken || !adminUrl) throw new Error("TEST_DATABASE_URL needs TEST_DATABASE_AUTH_TOKEN and TEST_DATABASE_ADMIN_URL (npm run test:sqld sets all three)");
  return { url, authToken, adminUrl };
}

let localhostNamesResolved = false;

/**
 * sqld picks the namespace from the Host header's first label (`<name>.localhost:PORT`), and
 * `fetch` sends the URL's host. Names under `localhost` are the loopback address (RFC 6761;
 * browsers and curl answer so themselves), but Node asks the system resolver, which knows
 * only `localhost` itself: this process answers them as loopback, and asks for every other name.
 */
function resolveLocalhostNames(): void {
  if (localhostNamesResolved) return;
  localhostNamesResolved = true;
  const lookup = dns.lookup;
  dns.lookup = ((hostname: string, ...rest: unknown[]) =>
    (lookup as (...args: unknown[]) => void)(hostname.endsWith(".localhost") ? "127.0.0.1" : hostname, ...rest)) as typeof dns.lookup;
}

let made = 0;

/** Makes an empty database (a new namespace) on `server`; its URL. */
export async function createServerDatabase(server: DatabaseServer): Promise<string> {
  resolveLocalhostNames();
  // Names are unique across the lane's worker processes (pid) and within one (a counter).
  const name = `t${process.pid}n${++made}`;
  const res = await fetch(`${server.adminUrl}/v1/namespaces/${name}/create`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  if (!res.ok) throw new Error(`sqld refused to create namespace ${name}: ${res.status} ${await res.text()}`);
  const url = new URL(server.url);
  url.hostname = `${name}.localhost`;
  return url.origin;
}

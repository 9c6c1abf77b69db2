import dns from "node:dns";

let localhostNamesResolved = false;

/**
 * sqld picks the namespace from the Host header's first label (`<name>.localhost:PORT`), and
 * `fetch` sends the URL's host. Names under `localhost` are the loopback address (RFC 6761;
 * browsers and curl answer so themselves), but Node asks the system resolver, which knows
 * only `localhost` itself: this process answers them as loopback, and asks for every other name.
 * The lane's own processes call it (sqld-databases.node.ts); an app server the lane starts
 * gets it through `--import` (resolve-localhost-names.node.ts), as a machine whose resolver
 * knew the name would need nothing.
 */
export function resolveLocalhostNames(): void {
  if (localhostNamesResolved) return;
  localhostNamesResolved = true;
  const lookup = dns.lookup;
  dns.lookup = ((hostname: string, ...rest: unknown[]) =>
    (lookup as (...args: unknown[]) => void)(hostname.endsWith(".localhost") ? "127.0.0.1" : hostname, ...rest)) as typeof dns.lookup;
}

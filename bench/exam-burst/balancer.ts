/**
 * A load balancer without sticky sessions, as the client sees it: every request goes to the
 * next server in turn, whoever sends it (over-sqld.ts spreads a sitting over two app servers).
 */
export function roundRobin(origins: URL[]): () => URL {
  if (origins.length === 0) throw new Error("a balancer needs at least one server");
  let next = 0;
  return () => origins[next++ % origins.length];
}

/**
 * What sqld counted (its admin API's Prometheus `/metrics`): the HTTP requests it answered,
 * each one round trip from an app server (an execute, or a batch of any size), and the
 * statements it ran. Read before and after a phase: the phase's round trips and statements,
 * measured on the running servers rather than pinned in a test.
 */
export interface SqldCounts {
  roundTrips: number;
  statements: number;
}

/** The sum of every series of counter `name` in Prometheus text (`name{labels} value` or `name value`); 0 when absent. */
export function counterOf(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line.trim());
    if (match?.[1] === name) sum += Number(match[3]);
  }
  return sum;
}

export function sqldCountsOf(metrics: string): SqldCounts {
  return {
    // Every answer of the user-facing HTTP API, whatever its status: one per round trip.
    roundTrips: counterOf(metrics, "libsql_server_user_http_response"),
    statements: counterOf(metrics, "libsql_server_libsql_query_execute"),
  };
}

export async function readSqldCounts(adminUrl: string): Promise<SqldCounts> {
  const response = await fetch(`${adminUrl}/metrics`);
  if (!response.ok) throw new Error(`sqld's /metrics answered ${response.status}`);
  return sqldCountsOf(await response.text());
}

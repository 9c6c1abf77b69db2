import { expect, it } from "vitest";
import { roundRobin } from "./balancer";
import { counterOf, sqldCountsOf } from "./sqld-metrics";

// The shape sqld 0.24's admin /metrics answers (trimmed from a real answer).
const METRICS = `# TYPE libsql_server_rows_read counter
libsql_server_rows_read{namespace="abc"} 2

# TYPE libsql_server_libsql_query_execute counter
libsql_server_libsql_query_execute 3

# HELP libsql_server_libsql_execute_program number of hrana program executions
# TYPE libsql_server_libsql_execute_program counter
libsql_server_libsql_execute_program 3

# TYPE libsql_server_user_http_response counter
libsql_server_user_http_response{protocol="http",status="200"} 41
libsql_server_user_http_response{protocol="http",status="401"} 1
libsql_server_user_http_response_size 9000
`;

it("sums every series of a counter and only that counter", () => {
  expect(counterOf(METRICS, "libsql_server_user_http_response")).toBe(42);
  expect(counterOf(METRICS, "libsql_server_rows_read")).toBe(2);
  expect(counterOf(METRICS, "libsql_server_not_there")).toBe(0);
  expect(sqldCountsOf(METRICS)).toEqual({ roundTrips: 42, statements: 3 });
});

it("sends each request to the next server in turn, whoever asks", () => {
  const [a, b] = [new URL("http://127.0.0.1:1"), new URL("http://127.0.0.1:2")];
  const next = roundRobin([a, b]);
  expect([next(), next(), next(), next(), next()]).toEqual([a, b, a, b, a]);
  expect(() => roundRobin([])).toThrow();
});

import path from "node:path";
import { describe } from "vitest";
import { ROOT, timeLimitCases } from "./test-support/time-limit-cases.node";

/**
 * Issue 25 point 14: the same cases under Deno (the `deno` npm package), which serves through
 * the same node:http server: before, Deno.serve never closed a half-sent head, and at the
 * file-handle limit "Too many open files" ended the process; a burst of accepts at the very
 * limit met a Deno panic, or left the server deaf (server/keep-accepting.node.ts, ADR 0057).
 */
describe("the HTTP server's time limits under Deno", () => {
  timeLimitCases([path.join(ROOT, "node_modules/.bin/deno"), "run", "--allow-net", "--allow-env", "--allow-read", "server/test-support/probe-server.node.ts"]);
});

import path from "node:path";
import { describe } from "vitest";
import { ROOT, timeLimitCases } from "./test-support/time-limit-cases.node";

/**
 * Issue 25 point 14: the same cases under Deno (the `deno` npm package), which serves through
 * the same node:http server: before, Deno.serve never closed a half-sent head, and at the
 * file-handle limit "Too many open files" ended the process. The connection cap keeps Deno
 * below that limit; a burst at the very limit still meets a Deno panic (not run: ADR 0057).
 */
describe("the HTTP server's time limits under Deno", () => {
  timeLimitCases([path.join(ROOT, "node_modules/.bin/deno"), "run", "--allow-net", "--allow-env", "--allow-read", "server/test-support/probe-server.node.ts"], { outOfHandles: false });
});

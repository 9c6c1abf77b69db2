import { describe } from "vitest";
import { timeLimitCases } from "./test-support/time-limit-cases.node";

/** Issue 25 points 14 and 17: the HTTP server's time limits and file-handle exhaustion, under Node (npm start's server). */
describe("the HTTP server's time limits under Node", () => {
  timeLimitCases([process.execPath, "--import", "tsx", "server/test-support/probe-server.node.ts"]);
});

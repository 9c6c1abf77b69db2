import { Hono } from "hono";
import type { AppConfig } from "../api/services/core/config";
import { compressResponses } from "./compress-responses.node.ts";
import { securityHeaders } from "./security-headers";
import { serveBuiltFiles } from "./static-files.node.ts";

/**
 * What `npm start` answers with (server/node.ts): the client build's files, pre-compressed
 * and cached (static-files.node.ts), then the app (pages and API), compressed on the fly
 * (compress-responses.node.ts). Its own function so that tests drive exactly this handler.
 */
export function createProductionServer(options: { config: Pick<AppConfig, "appUrl">; clientDir: string; app: Hono }): Hono {
  const server = new Hono();
  // The same security headers (nosniff above all) on static files as on every other answer.
  // Only here: the app sets its own on everything else (server/app.ts), and a second pass over
  // every answer's headers cost each API request as much again (issue 25 point 8).
  const headers = securityHeaders(options.config);
  const files = serveBuiltFiles(options.clientDir);
  server.use("/quiz/assets/*", headers, files);
  server.use("/quiz/favicon.svg", headers, files);
  // After the files: they are compressed already (or too small to be), and answered above.
  server.use(compressResponses());
  server.route("/", options.app);
  return server;
}

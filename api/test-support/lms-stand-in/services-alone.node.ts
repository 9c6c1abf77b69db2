/**
 * The LMS stand-in's service side served alone on a port of this machine, for the unit tests
 * of grades and rosters (the full stand-in, index.node.ts, composes it with the OIDC and
 * registration sides). Port 0 picks a free one.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { createLmsServices, type LmsServicesOptions, type LmsServicesStandIn } from "./services";

export async function startLmsServices(options: Omit<LmsServicesOptions, "origin">, port = 0): Promise<LmsServicesStandIn & { origin: string; close(): Promise<void> }> {
  // Made once the port (hence the origin) is known; no request comes before.
  const made: { standIn?: LmsServicesStandIn } = {};
  const server = createServer(getRequestListener(async (request) => (await made.standIn!.handle(request)) ?? new Response("not found", { status: 404 })));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn = (made.standIn = createLmsServices({ ...options, origin }));
  return Object.assign(standIn, {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        standIn.releaseSlow();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

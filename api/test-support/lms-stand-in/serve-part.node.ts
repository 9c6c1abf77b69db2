/**
 * Serves stand-in parts (each `(Request) => Response | null`) on a free port of 127.0.0.1, for the
 * tests that need a platform on the network (the tool fetches it with the real fetch). The
 * e2e server composes the same parts in index.node.ts.
 */
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";

export type StandInPart = (request: Request) => Promise<Response | null> | Response | null;

export interface ServedStandIn {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts a server on a free port; `build` receives its origin (the parts name it in their answers) and returns the parts. */
export async function serveStandIn(build: (baseUrl: string) => StandInPart[]): Promise<ServedStandIn> {
  let parts: StandInPart[] = [];
  const server = serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (request: Request) => {
      for (const part of parts) {
        const answer = await part(request);
        if (answer) return answer;
      }
      return new Response("not found", { status: 404 });
    },
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  parts = build(baseUrl);
  return { baseUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

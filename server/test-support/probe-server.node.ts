/**
 * A minimal server over server/http-server.node.ts for http-server.*.test.ts: answers "ok" to
 * everything after reading its body, prints "listening <port>" once up. Run under Node
 * (node --import tsx) or Deno, with the time limits from the environment.
 */
import type { AddressInfo } from "node:net";
import process from "node:process";
import { httpTimeoutsFrom, listenHttp, maxConnectionsFrom } from "../http-server.node.ts";

const server = listenHttp(
  async (request) => {
    await request.arrayBuffer();
    return new Response("ok");
  },
  { port: 0, hostname: "127.0.0.1", timeouts: httpTimeoutsFrom(process.env), maxConnections: maxConnectionsFrom(process.env) },
);
server.on("listening", () => console.log(`listening ${(server.address() as AddressInfo).port}`));

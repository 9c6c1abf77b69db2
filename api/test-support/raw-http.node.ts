import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

/**
 * Serves `fetch` on a real Node HTTP server (as `npm start` does, through @hono/node-server)
 * and writes `bytes` to one connection as they are, for tests about HTTP framing that an
 * in-process `app.request` cannot show. Answers everything the server wrote until it closed.
 */
export async function sendRawHttp(fetch: (request: Request) => Response | Promise<Response>, bytes: string): Promise<string> {
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let text = "";
      const timer = setTimeout(() => reject(new Error(`no end of answer: ${text.slice(0, 300)}`)), 10_000);
      socket.on("data", (chunk) => (text += chunk.toString("latin1")));
      socket.on("close", () => {
        clearTimeout(timer);
        resolve(text);
      });
      socket.on("error", reject);
      socket.on("connect", () => socket.write(bytes));
    });
  } finally {
    server.close();
  }
}

/** The status codes of the answers in `text`, in order. */
export const statusesOf = (text: string): string[] => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);

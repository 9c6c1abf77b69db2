import { connect } from "node:net";

/**
 * One raw TCP connection that writes `bytes` and keeps quiet after: what the server sends
 * back until it closes the connection (`closed`), for the time-limit tests
 * (server/http-server.*.test.ts). `end()` closes it from this side.
 */
export function rawConnection(port: number, bytes: string): { closed: Promise<string>; end(): void } {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.on("connect", () => bytes && socket.write(bytes));
  socket.on("data", (chunk) => (text += chunk.toString("latin1")));
  const closed = new Promise<string>((resolve) => {
    socket.on("close", () => resolve(text));
    socket.on("error", () => {}); // a reset also ends in "close"
  });
  return { closed, end: () => socket.destroy() };
}

/** Answers once the line `listening <port>` appears in a child's output. */
export function portFromOutput(stream: NodeJS.ReadableStream): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = "";
    stream.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening (\d+)/.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    stream.on("end", () => reject(new Error(`the server ended before listening: ${seen}`)));
  });
}

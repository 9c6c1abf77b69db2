import { type AddressInfo, createServer, type ListenOptions, type Server } from "node:net";
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { OWN_LISTENING_SOCKETS, refuseTakenPort, serverProcessesFrom, WEB_CONCURRENCY_INVALID } from "./cluster.node.ts";

describe("serverProcessesFrom", () => {
  it("runs one server process per core unless WEB_CONCURRENCY says how many", () => {
    expect(serverProcessesFrom({})).toBe(availableParallelism());
    expect(serverProcessesFrom({ WEB_CONCURRENCY: " " })).toBe(availableParallelism());
    expect(serverProcessesFrom({ WEB_CONCURRENCY: "1" })).toBe(1);
    expect(serverProcessesFrom({ WEB_CONCURRENCY: "3" })).toBe(3);
  });

  it("refuses a WEB_CONCURRENCY that is not a whole number from 1 to 64, saying so", () => {
    for (const value of ["0", "-1", "1.5", "two", "65"]) {
      expect(() => serverProcessesFrom({ WEB_CONCURRENCY: value })).toThrow(WEB_CONCURRENCY_INVALID);
    }
  });
});

describe.runIf(OWN_LISTENING_SOCKETS)("refuseTakenPort", () => {
  const listening = (options: ListenOptions) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(options, () => resolve(server));
    });
  const closed = (server: Server) => new Promise((resolve) => server.close(resolve));

  it("stops the start when a server left running shares the port by SO_REUSEPORT, which a server process would quietly join", async () => {
    const stale = await listening({ port: 0, exclusive: true, reusePort: true });
    const { port } = stale.address() as AddressInfo;
    // What the danger is: a second socket with SO_REUSEPORT binds beside it without a word.
    await closed(await listening({ port, exclusive: true, reusePort: true }));
    await expect(refuseTakenPort(port)).rejects.toMatchObject({ code: "EADDRINUSE" });
    await closed(stale);
    await expect(refuseTakenPort(port)).resolves.toBeUndefined();
  });
});

import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@libsql/client";
import { afterEach } from "vitest";

/**
 * Database files of a test file, each shared by several clients (the processes it plays):
 * `file(name)` names a fresh one, `close(client)` closes a client after the test; after each
 * test the clients are closed and the files (with their -wal and -shm) removed.
 */
export function scratchDatabases() {
  const files: string[] = [];
  const clients: Client[] = [];
  afterEach(() => {
    clients.splice(0).forEach((client) => client.close());
    files.splice(0).forEach((file) => [file, `${file}-wal`, `${file}-shm`].forEach((f) => rmSync(f, { force: true })));
  });
  return {
    file(name: string): string {
      const file = path.join(tmpdir(), `${name}-${process.pid}-${Date.now()}-${files.length}.db`);
      files.push(file);
      return file;
    },
    close<C extends Client>(client: C): C {
      clients.push(client);
      return client;
    },
  };
}

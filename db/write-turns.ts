import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";
import { type BatchStatement, WRITE_LOCK_PATIENCE_MS, writes } from "./write-lock";

/**
 * How an app server takes turns writing to a remote libSQL database (sqld, Turso): at most
 * `REMOTE_WRITES_IN_FLIGHT` write calls (a write statement, a batch that writes, a migration,
 * an interactive write transaction) are in the database server at once; the others wait here,
 * in the app's event loop, first come first served. Reads are not limited.
 *
 * SQLite takes one writer at a time. On the embedded file the app already queues its writers
 * (db/write-lock.ts); over a URL the client sent as many as it had connections (20), and each
 * waited inside sqld for the one write lock on threads of its own: a burst of 50 submits on one
 * server made a write wait out sqld's patience (429 SERVER_BUSY), and on two servers (40 writers
 * waiting) sqld spent its core on its waiting threads and stalled (docs/performance.md, the
 * exam over sqld; ADR 0090). Waiting here costs a queued promise.
 *
 * A write that waited for its turn longer than the patience (5 s, as on the file) fails with
 * SQLITE_BUSY without being sent, so the API answers 429 SERVER_BUSY as it does for the file's
 * lock (api/services/core/errors.ts `serviceErrorOf`).
 */

/**
 * Two, measured (docs/performance.md, "A bound on the writes in flight to sqld"): one keeps a
 * batch's whole round trip (the client's HTTP work, the network, sqld's parse) in the writers'
 * single file, two lets the next write travel while one holds the lock; more only adds writers
 * waiting inside sqld.
 */
export const REMOTE_WRITES_IN_FLIGHT = 2;

/** The error a write that did not get its turn in time fails with: SQLITE_BUSY, as the file's lock gives. */
export class WriteTurnTimeout extends Error {
  readonly code = "SQLITE_BUSY";
  constructor(waitedMs: number) {
    super(`SQLITE_BUSY: waited ${waitedMs} ms for a turn to write to the database server`);
    this.name = "WriteTurnTimeout";
  }
}

interface Waiter {
  grant(): void;
  timer?: ReturnType<typeof setTimeout>;
}

/** A FIFO semaphore of `limit` turns; a taker that waits longer than its patience is refused. */
export class WriteTurns {
  private taken = 0;
  private readonly queue: Waiter[] = [];
  /** The most turns ever held at once (write-turns.test.ts reads it). */
  mostInFlight = 0;

  constructor(readonly limit: number) {}

  get inFlight(): number {
    return this.taken;
  }

  /** Resolves with the release of a turn once one is free, or fails with WriteTurnTimeout after `patienceMs`. */
  take(patienceMs = WRITE_LOCK_PATIENCE_MS): Promise<() => void> {
    if (this.taken < this.limit && this.queue.length === 0) return Promise.resolve(this.hold());
    const since = Date.now();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { grant: () => resolve(this.hold()) };
      waiter.timer = setTimeout(() => {
        this.queue.splice(this.queue.indexOf(waiter), 1);
        reject(new WriteTurnTimeout(Date.now() - since));
      }, patienceMs);
      this.queue.push(waiter);
    });
  }

  private hold(): () => void {
    this.taken++;
    this.mostInFlight = Math.max(this.mostInFlight, this.taken);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) {
        // The turn passes straight to the next in line: `taken` stays, and nobody can jump the queue.
        clearTimeout(next.timer);
        this.taken--;
        next.grant();
      } else this.taken--;
    };
  }
}

const turnsOfClient = new WeakMap<Client, WriteTurns>();
/** The turns a client made by `takeTurnsToWrite` waits on (write-turns.test.ts reads `mostInFlight`). */
export const writeTurnsOf = (client: Client): WriteTurns | undefined => turnsOfClient.get(client);

async function inTurn<T>(turns: WriteTurns, patienceMs: number, call: () => Promise<T>): Promise<T> {
  const release = await turns.take(patienceMs);
  try {
    return await call();
  } finally {
    release();
  }
}

/**
 * Makes a remote client's writes take turns (see above): `execute` of anything but a read,
 * `batch` holding a write, `migrate`, and `transaction` in write mode until it ends. Mutates
 * and returns the client.
 */
export function takeTurnsToWrite(client: Client, { limit = REMOTE_WRITES_IN_FLIGHT, patienceMs = WRITE_LOCK_PATIENCE_MS } = {}): Client {
  const turns = new WriteTurns(limit);
  turnsOfClient.set(client, turns);
  const execute = client.execute.bind(client) as (...args: unknown[]) => ReturnType<Client["execute"]>;
  client.execute = ((...args: unknown[]) => {
    const statement: BatchStatement = typeof args[0] === "string" ? [args[0], args[1] as InArgs | undefined] : (args[0] as InStatement);
    return writes(statement) ? inTurn(turns, patienceMs, () => execute(...args)) : execute(...args);
  }) as Client["execute"];
  const batch = client.batch.bind(client);
  client.batch = (statements: BatchStatement[], mode?: TransactionMode) =>
    mode !== "read" && statements.some(writes) ? inTurn(turns, patienceMs, () => batch(statements, mode)) : batch(statements, mode);
  const migrate = client.migrate.bind(client);
  client.migrate = (statements: InStatement[]) => inTurn(turns, patienceMs, () => migrate(statements));
  const transaction = client.transaction.bind(client);
  client.transaction = async (mode: TransactionMode = "write") => {
    if (mode === "read") return transaction(mode);
    const release = await turns.take(patienceMs);
    let opened: Transaction;
    try {
      opened = await transaction(mode);
    } catch (error) {
      release();
      throw error;
    }
    return heldUntilEnded(opened, release);
  };
  return client;
}

/** `transaction` with its turn released when it commits, rolls back or is closed. */
function heldUntilEnded(transaction: Transaction, release: () => void): Transaction {
  const commit = transaction.commit.bind(transaction);
  const rollback = transaction.rollback.bind(transaction);
  const close = transaction.close.bind(transaction);
  transaction.commit = () => commit().finally(release);
  transaction.rollback = () => rollback().finally(release);
  transaction.close = () => {
    try {
      close();
    } finally {
      release();
    }
  };
  return transaction;
}

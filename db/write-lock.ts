import type { Client, InArgs, InStatement, TransactionMode } from "@libsql/client";

/**
 * How the embedded database waits for SQLite's write lock when another process holds it
 * (`npm start` runs one server process per core on the one file: server/cluster.node.ts,
 * docs/decisions/0053-every-core-on-node.md).
 *
 * SQLite's own busy handler waits by sleeping the calling thread (1, 2, 5, 10… ms), and libSQL
 * runs every statement on the event loop's thread: each time two processes' writes met, the
 * whole process stopped for at least a millisecond, every request behind it too. Here SQLite
 * answers SQLITE_BUSY at once (busy_timeout 0) and the call is tried again after a timer,
 * so the event loop serves other requests meanwhile; after `patienceMs` the error surfaces.
 *
 * A write batch takes the write lock at BEGIN (BEGIN IMMEDIATE): a deferred transaction that
 * read first and then wrote would fail with SQLITE_BUSY_SNAPSHOT, without any waiting, when
 * another process committed in between. Retrying is safe because a call that got SQLITE_BUSY
 * changed nothing: a single statement is atomic, and a batch is one transaction the client
 * rolls back when any statement in it fails.
 */

/** How long a write waits for the lock before SQLITE_BUSY reaches the caller (as busy_timeout did). */
export const WRITE_LOCK_PATIENCE_MS = 5000;

/** The pauses between tries, in ms: like SQLite's own, but on a timer instead of a sleeping thread. */
const PAUSES_MS = [0, 1, 2, 5, 10, 15, 20, 25];

const isBusy = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "SQLITE_BUSY";

export type BatchStatement = InStatement | [string, InArgs?];

const sqlOf = (statement: BatchStatement): string =>
  typeof statement === "string" ? statement : Array.isArray(statement) ? statement[0] : statement.sql;

/** A statement that may write: anything but a plain read. */
export const writes = (statement: BatchStatement): boolean => !/^\s*select\s/i.test(sqlOf(statement));

/**
 * INSERT/UPDATE/DELETE … RETURNING outside a transaction. SQLite makes such a statement's
 * changes at its first step and commits them when it finishes; when that implicit commit met
 * the other process's lock (busy_timeout 0), libsql handed back the returned rows without the
 * error, the connection went back to the client's pool with the transaction still open, and
 * the pool rolled it back: the caller had its row, the database did not (the exam burst lost a
 * freshly signed-in student's session row this way, about once in 2,000 sign-ins). Inside an
 * explicit transaction the COMMIT is a statement of its own whose failure is reported, and the
 * whole write is tried again.
 */
const returnsRowsAndWrites = (statement: BatchStatement): boolean => writes(statement) && /\sreturning\s/i.test(sqlOf(statement));

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Whether statements that meet the lock are ended before their connection serves again
 * (db/busy-statements.node.ts, installed by configureConnections). Without it one lock met
 * leaves a pooled connection that keeps the lock and an old snapshot (ADR 0058), so a
 * process that meets the lock without it stops there, loudly, instead of going on stale.
 */
let busyStatementsSettled = false;
export const markBusyStatementsSettled = (): void => {
  busyStatementsSettled = true;
};
const UNSETTLED =
  "A file database met another connection's write lock before configureConnections (db/migrate.node.ts) was called in this process: its statements would stay half-run on their connections (docs/decisions/0058-every-write-settles.md).";

/** Runs `call` again while it fails with SQLITE_BUSY, pausing on a timer, for at most `patienceMs`. */
export async function patiently<T>(call: () => Promise<T>, patienceMs = WRITE_LOCK_PATIENCE_MS): Promise<T> {
  const giveUpAt = Date.now() + patienceMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (!busyStatementsSettled) throw new Error(UNSETTLED, { cause: error });
      if (Date.now() >= giveUpAt) throw error;
      await pause(PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)]);
    }
  }
}

/**
 * Makes a local libSQL client wait for the write lock on timers (see above): `execute`,
 * `batch` and `migrate`, which is what drizzle calls outside interactive transactions (the
 * services use none: db/client.ts). Mutates and returns the client.
 */
export function waitForWriteLockOnTimers(client: Client, patienceMs = WRITE_LOCK_PATIENCE_MS): Client {
  const execute = client.execute.bind(client) as (...args: unknown[]) => ReturnType<Client["execute"]>;
  const batch = client.batch.bind(client);
  client.execute = ((...args: unknown[]) => {
    const statement: BatchStatement = typeof args[0] === "string" ? [args[0], args[1] as InArgs | undefined] : (args[0] as InStatement);
    // A write that returns rows runs in a transaction of its own: see returnsRowsAndWrites.
    if (returnsRowsAndWrites(statement)) return patiently(async () => (await batch([statement], "write"))[0], patienceMs);
    return patiently(() => execute(...args), patienceMs);
  }) as Client["execute"];
  client.batch = (statements: BatchStatement[], mode?: TransactionMode) =>
    patiently(() => batch(statements, mode ?? (statements.some(writes) ? "write" : "deferred")), patienceMs);
  const migrate = client.migrate.bind(client);
  client.migrate = (statements: InStatement[]) => patiently(() => migrate(statements), patienceMs);
  // An interactive transaction (scripts, tests; the services use none) waits for the lock at
  // its BEGIN IMMEDIATE; its statements then hold the lock and never meet another's.
  const transaction = client.transaction.bind(client);
  client.transaction = (mode: TransactionMode = "write") => patiently(() => transaction(mode), patienceMs);
  return client;
}

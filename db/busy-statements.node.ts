import { createRequire } from "node:module";
import { markBusyStatementsSettled } from "./write-lock";

/**
 * A statement that met another process's lock is settled before its connection serves
 * anything else (Node's embedded libSQL file; issue 25 point 13,
 * docs/decisions/0058-every-write-settles.md).
 *
 * When a statement gets SQLITE_BUSY or SQLITE_LOCKED, SQLite does not end it: it stays
 * "running", parked at the step that wanted the lock, so that the caller may step it again.
 * libsql's `run` and `all` reset a statement only before they start it, never after an
 * error, and the statement cache (statement-cache.node.ts) keeps the statement for its next
 * use, so it stayed parked on its pooled connection, between two tries on the timer
 * (db/write-lock.ts) and for good after the last. SQLite ends a connection's transaction only
 * when no write statement runs on it, so with one parked there the next write on that
 * connection answered "done" and was never committed (it kept the lock: the other processes'
 * writes waited 5 s, then 429), and the next read kept its snapshot open (every later read
 * there was old: a session just started elsewhere "expired", a submitted attempt "not finished
 * yet"), until the parked statement happened to be used, and reset, again.
 *
 * libsql offers no reset without running the statement again, so the statement is run again
 * at once with the connection made read-only (PRAGMA query_only): a write fails at its first
 * step with SQLITE_READONLY, before it touches anything, and SQLite ends it; a read runs to
 * its end. Then the connection is writable again. This costs three statements, only after a
 * lock was met; nothing on the way of a write that did not meet one.
 */

interface LibsqlStatement {
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown;
  get(...args: unknown[]): unknown;
}

interface LibsqlDatabase {
  prepare(sql: string): LibsqlStatement;
  readonly inTransaction: boolean;
}

/** SQLITE_BUSY and SQLITE_LOCKED (any extended code): the errors that leave a statement parked. */
const leavesStatementParked = (error: unknown): boolean => {
  const rawCode = (error as { rawCode?: unknown } | null)?.rawCode;
  return typeof rawCode === "number" && ((rawCode & 0xff) === 5 || (rawCode & 0xff) === 6);
};

/** COMMIT (or END): run again it would commit, read-only or not, so its transaction is rolled back first. */
const ENDS_TRANSACTION = /^\s*(commit|end)\b/i;

let installed = false;

/** Idempotent; configureConnections calls it before the first statement of a file database. */
export function installBusySettling(): void {
  if (installed) return;
  installed = true;
  markBusyStatementsSettled();
  // The same module instance @libsql/client loads (resolved from the client's own folder).
  const fromClient = createRequire(createRequire(import.meta.url).resolve("@libsql/client"));
  const Database = fromClient("libsql") as { prototype: LibsqlDatabase };
  const prepare = Database.prototype.prepare;
  const watched = new WeakSet<LibsqlStatement>();
  Database.prototype.prepare = function preparedAndWatched(this: LibsqlDatabase, sql: string) {
    const statement = prepare.call(this, sql);
    if (!watched.has(statement)) {
      watched.add(statement);
      settleAfterBusy(this, statement, prepare, ENDS_TRANSACTION.test(sql));
    }
    return statement;
  };
}

/** Wraps the statement's `run`, `all` and `get`: after an error that parked it, it is ended before the error is thrown. */
function settleAfterBusy(connection: LibsqlDatabase, statement: LibsqlStatement, prepare: LibsqlDatabase["prepare"], endsTransaction: boolean): void {
  const runToItsEnd = statement.all.bind(statement);
  for (const method of ["run", "all", "get"] as const) {
    const call = statement[method].bind(statement);
    statement[method] = (...args: unknown[]) => {
      try {
        return call(...args);
      } catch (error) {
        if (leavesStatementParked(error)) endParked(connection, runToItsEnd, prepare, endsTransaction);
        throw error;
      }
    };
  }
}

function endParked(connection: LibsqlDatabase, runToItsEnd: () => unknown, prepare: LibsqlDatabase["prepare"], endsTransaction: boolean): void {
  // (A COMMIT that met a lock: not expected in WAL mode, where a commit takes no lock of its own.)
  if (endsTransaction && connection.inTransaction) prepare.call(connection, "ROLLBACK").run();
  prepare.call(connection, "PRAGMA query_only=1").run();
  try {
    runToItsEnd();
  } catch {
    // SQLITE_READONLY: the write ended without writing, as intended; a COMMIT with nothing left to
    // commit ends too. (A read that meets the lock again stays parked, holding nothing, until its
    // next use resets it.)
  } finally {
    prepare.call(connection, "PRAGMA query_only=0").run();
  }
}

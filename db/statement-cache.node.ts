import { createRequire } from "node:module";

/**
 * Prepared statements kept per connection of the embedded database (Node only).
 *
 * `@libsql/client` prepares every statement again on every call, and libSQL's prepare is
 * the largest single cost of an exam request: 40–130 µs per statement, five statements per
 * autosave (bench `npm run bench:exam-cpu`, docs/performance.md). The services build the
 * same SQL text every time (drizzle, bound parameters), so each connection keeps its
 * statements by SQL text and the client reuses them. Reuse is safe because the client runs
 * each statement to completion synchronously (`all` / `run`), so no two uses of a statement
 * overlap; after a schema change SQLite re-prepares a kept statement by itself (its column
 * names excepted: see below).
 * Neither library offers this (as of @libsql/client 0.18, libsql 0.5), hence the wrapper
 * around libsql's `Database.prototype.prepare`, which the client's connections call.
 */
const STATEMENTS_PER_CONNECTION = 256;

interface LibsqlStatement {
  columns(): unknown[];
  raw(on?: boolean): LibsqlStatement;
}

interface LibsqlDatabase {
  prepare(sql: string): unknown;
  exec(sql: string): unknown;
}

let installed = false;

/** Idempotent; call before the first statement (migrateDatabase does). */
export function installStatementCache(): void {
  if (installed) return;
  installed = true;
  // The same module instance @libsql/client loads (resolved from the client's own folder).
  const fromClient = createRequire(createRequire(import.meta.url).resolve("@libsql/client"));
  const Database = fromClient("libsql") as { prototype: LibsqlDatabase };
  const prepare = Database.prototype.prepare;
  const caches = new WeakMap<LibsqlDatabase, { schema: number; statements: Map<string, unknown> }>();
  // A kept statement re-prepares itself after a schema change but keeps its old column
  // names, so `select *` would read a new column without its name: any schema change made
  // here (migrations at start, tests) retires every connection's statements. The schema
  // is only changed by this process (migrations run before the server listens; with
  // several server processes, by the primary before it starts them: server/cluster.node.ts).
  let schema = 0;
  Database.prototype.prepare = function cachedPrepare(this: LibsqlDatabase, sql: string) {
    if (SCHEMA_CHANGE.test(sql)) {
      schema++;
      return prepare.call(this, sql);
    }
    let kept = caches.get(this);
    if (!kept || kept.schema !== schema) caches.set(this, (kept = { schema, statements: new Map() }));
    return reuse(kept.statements, sql, () => prepare.call(this, sql));
  };
  // Scripts (`executeMultiple`: PRAGMAs at start, a test's schema) may change the schema too.
  const exec = Database.prototype.exec;
  Database.prototype.exec = function execRetiringStatements(this: LibsqlDatabase, sql: string) {
    schema++;
    return exec.call(this, sql);
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\s/i;

function reuse(cache: Map<string, unknown>, sql: string, prepareNew: () => unknown): unknown {
  const kept = cache.get(sql);
  if (kept) {
    // Most recently used last: the oldest is evicted first.
    cache.delete(sql);
    cache.set(sql, kept);
    return kept;
  }
  const statement = rememberShape(prepareNew() as LibsqlStatement);
  cache.set(sql, statement);
  // SQL built per call (a multi-row insert of N rows) must not grow the cache without end.
  if (cache.size > STATEMENTS_PER_CONNECTION) cache.delete(cache.keys().next().value!);
  return statement;
}

/**
 * The client asks every statement, on every call, for its columns (twice) and to switch to
 * raw rows, which throws for statements that return none (writes): both are fixed for a
 * statement's life, and a thrown exception is not cheap. A kept statement answers them from
 * what it said the first time (the profile of a school submitting at once: ~10 % of the
 * server's busy time).
 */
function rememberShape(statement: LibsqlStatement): LibsqlStatement {
  const columns = statement.columns.bind(statement);
  const raw = statement.raw.bind(statement);
  let knownColumns: unknown[] | undefined;
  let rawState: boolean | Error | undefined;
  statement.columns = () => (knownColumns ??= columns());
  statement.raw = (on = true) => {
    if (rawState === on) return statement;
    if (on && rawState instanceof Error) throw rawState;
    try {
      raw(on);
      rawState = on;
    } catch (error) {
      if (on) rawState = error as Error;
      throw error;
    }
    return statement;
  };
  return statement;
}

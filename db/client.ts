import { createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema";

export type Schema = typeof schema;

/**
 * The database handle every service uses. On Workers with a D1 binding the D1 drizzle
 * database is used through this same type: both are async SQLite dialects with the same
 * query builder and `batch()`. Services must not rely on interactive transactions (D1 has
 * none); atomic multi-row writes go through `db.batch([...])`.
 */
export type Db = LibSQLDatabase<Schema>;

export interface LibsqlOptions {
  url: string;
  authToken?: string;
}

export function createLibsqlDb({ url, authToken }: LibsqlOptions): Db {
  const client = createClient({ url, authToken });
  return drizzle(client, { schema });
}

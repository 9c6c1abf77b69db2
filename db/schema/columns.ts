import { integer } from "drizzle-orm/sqlite-core";

/**
 * Column helpers shared by every table, so ids and timestamps look the same everywhere.
 * Timestamps are epoch milliseconds (`timestamp_ms`) filled in by the application rather
 * than by an SQL default: services pass their injectable clock's time when it matters
 * (tests move time), and the same code runs on libSQL, Turso and D1.
 */

/** AUTOINCREMENT so that a deleted row's id is never handed out again (ids appear in URLs). */
export const id = () => integer("id").primaryKey({ autoIncrement: true });

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

export const bool = (name: string) => integer(name, { mode: "boolean" });

import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

/** One rejected row (CSV) or question (GIFT) of an import: its number and every reason, as codes (api/services/imports/reasons.ts RowProblem). */
export interface StoredRejection {
  number: number;
  problems: { code: string; values?: Record<string, string | number>; column?: string }[];
}

/**
 * Every question import (CSV or GIFT), so the teacher who ran it sees its progress while it
 * runs and its summary afterwards in the app, not only in the e-mail (issue 18,
 * docs/decisions/0047-import-summaries.md). Read by that teacher and the owner only.
 * `processed` counts rows whose fate is settled (rejected, skipped or stored); `rejected`
 * keeps the first MAX_STORED_REJECTIONS of them, `rejectedCount` all of them.
 */
export const questionImports = sqliteTable(
  "question_imports",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // QTI: an IMS QTI content package (issue 28); a text column, so a new name needs no migration.
    format: text("format", { enum: ["CSV", "GIFT", "QTI", "MOODLEXML"] }).notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    rejectedCount: integer("rejected_count").notNull().default(0),
    rejected: text("rejected", { mode: "json" }).$type<StoredRejection[]>().notNull().default([]),
    createdAt: createdAt(),
    /** The last progress written: a `running` import not heard from for long was cut off (a restart). */
    updatedAt: timestamp("updated_at").notNull(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [index("question_imports_business_user_idx").on(t.businessId, t.userId, t.id)],
);

export type QuestionImportRow = typeof questionImports.$inferSelect;

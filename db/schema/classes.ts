import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { createdAt, id, timestamp, updatedAt } from "./columns";
import { users } from "./users";

/**
 * A class of a school (issue 27 point 1, docs/decisions/0075-classes.md): its teachers and
 * its students, who may be in several classes. `joinCode` lets a student join by typing it or
 * opening its link; it is random (api/services/classes/join-code.ts) and unique across the
 * deployment, because a student types it without naming a school. `externalRef` is left for
 * an LMS course (the LTI issue maps a context onto a class); nothing sets it yet.
 */
export const classes = sqliteTable(
  "classes",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    name: text("name").notNull(),
    /** The school's own short code of the class ("10B-MATHS"), shown to people; optional, one per class of the business. */
    code: text("code"),
    joinCode: text("join_code").notNull().unique("classes_join_code_uq"),
    externalRef: text("external_ref"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("classes_business_name_idx").on(t.businessId, t.name),
    uniqueIndex("classes_business_code_lower_uq").on(t.businessId, sql`lower(${t.code})`),
    uniqueIndex("classes_business_external_ref_uq").on(t.businessId, t.externalRef),
  ],
);

export const classTeachers = sqliteTable(
  "class_teachers",
  {
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index("class_teachers_user_idx").on(t.userId)],
);

export const CLASS_JOINED_BY = ["teacher", "joinCode", "import"] as const;

export const classStudents = sqliteTable(
  "class_students",
  {
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the student came into the class: added by a teacher, by the join code, or by a roster import. */
    joinedBy: text("joined_by", { enum: CLASS_JOINED_BY }).notNull(),
    joinedAt: timestamp("joined_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index("class_students_user_idx").on(t.userId)],
);

/** One rejected row of a roster import: its spreadsheet number and why, as codes (locales/<lang>/classes.json reasons.<code>). */
export interface RosterRejection {
  number: number;
  reason: string;
}

/**
 * A roster import (POST /api/classes/import): its progress while it runs and its summary when
 * it ends, read by the teacher who ran it and the owner (the class page polls it).
 */
export const classImports = sqliteTable(
  "class_imports",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    classId: integer("class_id")
      .notNull()
      .references(() => classes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["running", "done", "failed"] }).notNull(),
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    existing: integer("existing").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    rejectedCount: integer("rejected_count").notNull().default(0),
    rejected: text("rejected", { mode: "json" }).$type<RosterRejection[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at").notNull(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [index("class_imports_class_idx").on(t.classId, t.id)],
);

export type ClassRow = typeof classes.$inferSelect;

import { integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";

/** A tenant. Every other tenant table carries `business_id`; nothing crosses businesses. */
export const businesses = sqliteTable("businesses", {
  id: id(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

export const departments = sqliteTable(
  "departments",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    name: text("name").notNull(),
  },
  (t) => [unique("departments_business_name_uq").on(t.businessId, t.name)],
);

/**
 * The spec's numeric "profile" (2 = Owner) is a per-business lookup. Users store the
 * `code`, not this row's id, because the spec's rules ("profile 2 only") speak in codes;
 * quizzes' profile visibility lists hold codes too.
 */
export const profiles = sqliteTable(
  "profiles",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    code: integer("code").notNull(),
    name: text("name").notNull(),
  },
  (t) => [unique("profiles_business_code_uq").on(t.businessId, t.code)],
);

export const OWNER_PROFILE = 2;

export type Business = typeof businesses.$inferSelect;
export type Department = typeof departments.$inferSelect;
export type Profile = typeof profiles.$inferSelect;

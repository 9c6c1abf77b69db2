import { index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { id } from "./columns";

/** The question bank is organised by category, then course (spec: "category-course"). */
export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    name: text("name").notNull(),
  },
  (t) => [unique("categories_business_name_uq").on(t.businessId, t.name)],
);

export const courses = sqliteTable(
  "courses",
  {
    id: id(),
    // Denormalised from the category so that tenancy checks need no join.
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [
    unique("courses_category_name_uq").on(t.categoryId, t.name),
    index("courses_business_name_idx").on(t.businessId, t.name),
  ],
);

export type Category = typeof categories.$inferSelect;
export type Course = typeof courses.$inferSelect;

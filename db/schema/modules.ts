import { integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { id } from "./columns";

/**
 * Other business apps of the same tenant, shown in the header's quick panel and used for
 * key login (`module_id`). This product registers itself as one of them ("quiz").
 */
export const modules = sqliteTable(
  "modules",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    moduleId: text("module_id").notNull(),
    name: text("name").notNull(),
    identifier: text("identifier").notNull(),
    url: text("url").notNull(),
  },
  (t) => [unique("modules_business_module_uq").on(t.businessId, t.moduleId)],
);

export type Module = typeof modules.$inferSelect;

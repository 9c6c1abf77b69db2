import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Metadata of every stored blob (question images, CSV uploads). The blob store itself
 * knows nothing about tenants; reads look the key up here and check the business first.
 */
export const files = sqliteTable(
  "files",
  {
    key: text("key").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_business_created_idx").on(t.businessId, t.createdAt)],
);

export type FileRow = typeof files.$inferSelect;

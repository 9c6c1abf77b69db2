import { index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { id } from "./columns";
import { questions } from "./questions";

export const tags = sqliteTable(
  "tags",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    name: text("name").notNull(),
  },
  (t) => [unique("tags_business_name_uq").on(t.businessId, t.name)],
);

/** Up to 6 tags per question (spec 9); the limit is a service rule. */
export const questionTags = sqliteTable(
  "question_tags",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.tagId] }),
    index("question_tags_tag_idx").on(t.tagId),
  ],
);

export type Tag = typeof tags.$inferSelect;

import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { questionOptions, questionTags, tags } from "../../../db/schema";
import type { AppServices } from "../../context";
import type { ValidQuestion } from "./schemas";

/**
 * The statements that store a question's options and tags, for create and update to put in
 * their one `db.batch([...])` after the question row itself. `questionId` may be SQL: on
 * create the id is not known before the batch runs (see create-question.ts).
 */
export async function optionAndTagStatements(
  services: AppServices,
  businessId: number,
  questionId: number | SQL,
  question: Pick<ValidQuestion, "options" | "tags">,
): Promise<BatchItem<"sqlite">[]> {
  const { db } = services;
  const statements: BatchItem<"sqlite">[] = [
    db.insert(questionOptions).values(
      question.options.map((option, position) => ({ questionId: questionId as number, position, optionText: option.optionText, isCorrect: option.optionStatus })),
    ),
  ];
  if (question.tags.length === 0) return statements;

  // A tag the business already has in another case is reused ("algebra" joins "Algebra").
  const existing = await db
    .select({ name: tags.name })
    .from(tags)
    .where(and(eq(tags.businessId, businessId), inArray(sql`lower(${tags.name})`, question.tags.map((tag) => tag.toLowerCase()))));
  const known = new Map(existing.map((row) => [row.name.toLowerCase(), row.name]));
  const names = question.tags.map((tag) => known.get(tag.toLowerCase()) ?? tag);
  const missing = names.filter((name) => !known.has(name.toLowerCase()));

  if (missing.length > 0) statements.push(db.insert(tags).values(missing.map((name) => ({ businessId, name }))).onConflictDoNothing());
  statements.push(
    db
      .insert(questionTags)
      .select(
        db
          .select({ questionId: sql<number>`${questionId}`.as("question_id"), tagId: tags.id })
          .from(tags)
          .where(and(eq(tags.businessId, businessId), inArray(tags.name, names))),
      )
      .onConflictDoNothing(),
  );
  return statements;
}

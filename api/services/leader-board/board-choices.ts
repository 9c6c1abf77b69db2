import { sql } from "drizzle-orm";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";

export interface BoardChoices {
  /** De-duplicated names of the business's quizzes that have a finished attempt (spec 7), A to Z. */
  quizNames: string[];
  /** The categories of those quizzes, de-duplicated, A to Z (the board's category dropdown). */
  quizCategories: string[];
}

/**
 * Spec 7 GET /api/takenQuiz/fetchQuizNames: what the leader board's dropdowns offer. Only
 * quizzes somebody finished, so no choice leads to an empty board; any signed-in user of
 * the business (the board is everyone's). One query: names and categories side by side.
 */
export async function listBoardChoices(services: AppServices, caller: Caller): Promise<BoardChoices> {
  const rows = await services.db.all<{ kind: "name" | "category"; value: string }>(sql`
    with taken as (
      select q.quiz_name, c.name as category
      from quizzes q
      join categories c on c.id = q.category_id
      where q.business_id = ${caller.businessId}
        and exists (select 1 from quiz_attempts a where a.business_id = q.business_id and a.quiz_id = q.id and a.submitted_at is not null)
    )
    select distinct 'name' as kind, quiz_name as value from taken
    union
    select distinct 'category' as kind, category as value from taken
    order by kind, value collate nocase`);
  return {
    quizNames: rows.filter((row) => row.kind === "name").map((row) => row.value),
    quizCategories: rows.filter((row) => row.kind === "category").map((row) => row.value),
  };
}

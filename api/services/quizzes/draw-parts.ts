import { and, eq, inArray, sql } from "drizzle-orm";
import { categories, courses, questions, questionTags, tags } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { Invalid } from "../core/errors";
import { type SaidAs, say } from "../message-codes";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { DrawsAvailableInput, type QuizDrawInput } from "./schemas";

/**
 * Questions a quiz's draws may draw from, in all (ADR 0077): they are kept with the quiz, and
 * every start reads them, so a draw over a whole large category is refused with a way out
 * (narrow it with a course or a tag) rather than making every start read a thousand questions.
 */
export const MAX_DRAW_POOL = 500;

export interface DrawParts {
  /** Each question some draw may draw (never one the quiz selects), with the indexes of the draws that may. */
  pool: Map<number, number[]>;
  /**
   * Per draw, the questions sure to be left for it once the draws before it have drawn theirs
   * (its part, less what each earlier draw could take of it): what the wizard shows as "N available".
   */
  available: number[];
}

/**
 * The parts of the bank the draws name, one read per draw in one batch: the questions of the
 * business in the category (by name, as the bank matches names), of the course and with the
 * tag when given. Questions the quiz already selects are not in any part.
 */
export async function readDrawParts(services: AppServices, businessId: number, draws: readonly QuizDrawInput[], selected: readonly number[]): Promise<DrawParts> {
  if (draws.length === 0) return { pool: new Map(), available: [] };
  const db = services.db;
  const reads = draws.map((draw) =>
    db
      .select({ id: questions.id })
      .from(questions)
      .innerJoin(categories, eq(categories.id, questions.categoryId))
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .where(
        and(
          eq(questions.businessId, businessId),
          sql`lower(${categories.name}) = lower(${draw.category})`,
          draw.course === null ? undefined : sql`lower(${courses.name}) = lower(${draw.course})`,
          draw.tag === null
            ? undefined
            : sql`exists (select 1 from ${questionTags} join ${tags} on ${tags.id} = ${questionTags.tagId}
                where ${questionTags.questionId} = ${questions.id} and lower(${tags.name}) = lower(${draw.tag}))`,
        ),
      )
      .orderBy(questions.id)
      // One more than the pool may hold is enough to know it is too large.
      .limit(MAX_DRAW_POOL + 1),
  );
  const [first, ...rest] = reads;
  const found = await db.batch([first, ...rest]);
  const chosen = new Set(selected);
  const parts = found.map((rows) => new Set(rows.map((row) => row.id).filter((id) => !chosen.has(id))));
  const pool = new Map<number, number[]>();
  parts.forEach((part, index) => part.forEach((id) => pool.set(id, [...(pool.get(id) ?? []), index])));
  const available = parts.map((part, index) => {
    const takenBefore = parts.slice(0, index).reduce((sum, earlier, j) => sum + Math.min(draws[j].count, [...earlier].filter((id) => part.has(id)).length), 0);
    return Math.max(0, part.size - takenBefore);
  });
  return { pool, available };
}

/**
 * The draws' parts when every draw is sure to find its questions, else a 400 on `draws` saying
 * which draw falls short and by how much (the first one), or that the parts are too large.
 */
export async function resolveDrawParts(services: AppServices, businessId: number, draws: readonly QuizDrawInput[], selected: readonly number[]): Promise<DrawParts> {
  const parts = await readDrawParts(services, businessId, draws, selected);
  let refusal: SaidAs | undefined;
  if (parts.pool.size > MAX_DRAW_POOL) refusal = say("QUIZ_DRAWS_PART_TOO_LARGE", { max: MAX_DRAW_POOL });
  const short = draws.findIndex((draw, index) => parts.available[index] < draw.count);
  if (!refusal && short >= 0) refusal = say("QUIZ_DRAW_TOO_FEW_QUESTIONS", { n: short + 1, count: draws[short].count, available: parts.available[short] });
  if (refusal) throw new Invalid(refusal, { draws: refusal });
  return parts;
}

/**
 * The wizard's "N available" (an author's; the pick route and POST /api/quiz/drawsAvailable):
 * per draw, the questions sure to be left for it, as the save will count them. The selection is
 * checked as the save checks it: an id that is no question of the business (another business's
 * included) is the save's 400 on `selectedQuestions`, so nothing is confirmed.
 */
export async function availableForDraws(services: AppServices, caller: Caller, input: unknown): Promise<{ available: number[] }> {
  assertAuthor(caller);
  const { draws, selectedQuestions } = DrawsAvailableInput.parse(input);
  const selected = [...new Set(selectedQuestions)];
  const [parts, known] = await Promise.all([
    readDrawParts(services, caller.businessId, draws, selected),
    selected.length === 0 ? [] : services.db.select({ id: questions.id }).from(questions).where(and(eq(questions.businessId, caller.businessId), inArray(questions.id, selected))),
  ]);
  if (known.length !== selected.length) throw new Invalid(say("QUIZ_UNKNOWN_QUESTIONS"), { selectedQuestions: say("QUIZ_UNKNOWN_QUESTIONS") });
  return { available: parts.available };
}

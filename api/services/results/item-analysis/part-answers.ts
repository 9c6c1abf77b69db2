import type { AppServices } from "../../core/app-services";
import { attemptIdKeyOf } from "../../attempts/option-ids";
import { AttemptPartIds } from "../../attempts/part-ids";
import type { PartAnswerRow } from "./item-analysis-sql";
import type { PartAnswer } from "./response-analysis";

/** Rows read between two turns of the event loop: a quiz of 20,000 attempts must not hold it for the whole read. */
const ROWS_PER_TURN = 500;

/**
 * The stored answers of the matching, ordering and cloze questions, per question, each with
 * the part ids its attempt gave (part-ids.ts: a keyed hash per attempt, so they cannot be
 * grouped in SQL). JSON is parsed here, a slice at a time, yielding between slices.
 */
export async function readPartAnswers(services: AppServices, rows: readonly PartAnswerRow[]): Promise<Map<number, PartAnswer[]>> {
  const byQuestion = new Map<number, PartAnswer[]>();
  if (rows.length === 0) return byQuestion;
  const key = await attemptIdKeyOf(services.config.jwtSecret);
  const idsOf = new Map<number, AttemptPartIds>();
  for (let from = 0; from < rows.length; from += ROWS_PER_TURN) {
    if (from > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    for (const row of rows.slice(from, from + ROWS_PER_TURN)) {
      let partIds = idsOf.get(row.attemptId);
      if (!partIds) idsOf.set(row.attemptId, (partIds = new AttemptPartIds(key, row.attemptId)));
      const list = byQuestion.get(row.questionId) ?? [];
      list.push({ answer: parseOrNull(row.answer), partIds });
      byQuestion.set(row.questionId, list);
    }
  }
  return byQuestion;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

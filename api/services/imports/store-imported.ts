import { runsInProcess } from "../../../db/client";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError } from "../core/errors";
import { resolveCategoryCourse, type ResolvedCategoryCourse } from "../categories/resolve-category-course";
import { renderQuestionMaths } from "../questions/render-question-maths";
import { validateQuestion } from "../questions/schemas";
import { knownTags, newQuestionStatements } from "../questions/write-question";
import { duplicateGuard, existingKeys, type ReadyQuestion, sameQuestionKey } from "./bank-duplicates";
import { discardImportFiles, storeImportFiles } from "./import-files";
import type { ImportCandidate, ImportSummary } from "./import-summary";
import { type RowProblem, ruleProblem, ruleProblems } from "./reasons";
import { createPacer } from "./time-slices";

/** Questions per db.batch (one transaction each): ~4 statements a question. */
const BATCH_QUESTIONS = 250;
/**
 * On a local libSQL file a batch runs on the event loop (~0.3 ms a question): 25 questions
 * hold it ~10 ms, so other requests are answered between batches (docs/decisions/0032).
 */
const IN_PROCESS_BATCH_QUESTIONS = 25;
/** How often a batch is retried after another import stored some of its questions first. */
const RACE_RETRIES = 3;

/**
 * Validates every candidate with the editor's rules (`validateQuestion`), finds its category
 * and course by name in the caller's business (they must exist, as in the editor), skips the
 * questions the bank already has (or that came earlier in the file), and stores the rest
 * with the editor's write path, many questions per batch. `onProgress` hears, between
 * slices, how many candidates are settled (rejected, skipped or stored). The image a
 * candidate carries is stored first (import-files.ts) and removed again if its question is
 * not kept (rejected, a duplicate, or the import failing), so no file outlives its import.
 */
export async function storeImported(
  services: AppServices,
  caller: Caller,
  candidates: ImportCandidate[],
  unit: ImportSummary["unit"],
  columnOf?: (path: string) => string,
  onProgress: (processed: number) => Promise<void> = async () => {},
): Promise<ImportSummary> {
  const summary: ImportSummary = { unit, imported: 0, duplicates: 0, rejected: [] };
  const places = new Map<string, ResolvedCategoryCourse | RowProblem>();
  const ready: ReadyQuestion[] = [];
  /** The stored files of each ready question (import-files.ts), until it is stored or dropped. */
  const filesOf = new Map<ReadyQuestion, string[]>();
  const drop = (items: ReadyQuestion[]) => discardImportFiles(services, caller, items.flatMap((item) => filesOf.get(item) ?? []));
  const settled = () => summary.imported + summary.duplicates + summary.rejected.length;

  const pacer = createPacer();
  for (const parsed of candidates) {
    const slice = pacer.tick();
    if (slice) {
      await slice;
      await onProgress(settled());
    }
    const { candidate, keys } = await storeImportFiles(services, caller, parsed);
    if ("problems" in candidate) {
      summary.rejected.push(candidate);
      continue;
    }
    const validation = validateQuestion(candidate.input);
    if (!validation.success) {
      await discardImportFiles(services, caller, keys);
      summary.rejected.push({ number: candidate.number, problems: ruleProblems(validation.errors, columnOf) });
      continue;
    }
    // The import's own pacer: a file full of formulas gives the event loop back as its rows do.
    const question = await renderQuestionMaths(validation.data, pacer);
    const place = await placeOf(services, caller, places, question);
    if ("code" in place) {
      await discardImportFiles(services, caller, keys);
      summary.rejected.push({ number: candidate.number, problems: [place] });
      continue;
    }
    const item = { question, place, key: sameQuestionKey(place, question.questionText, question.optionType, question.options, question.answerKey) };
    if (keys.length > 0) filesOf.set(item, keys);
    ready.push(item);
  }

  const seen = await existingKeys(services, caller.businessId, ready);
  const fresh: ReadyQuestion[] = [];
  const duplicates: ReadyQuestion[] = [];
  for (const item of ready) {
    if (seen.has(item.key)) duplicates.push(item);
    else {
      seen.add(item.key);
      fresh.push(item);
    }
  }
  summary.duplicates += duplicates.length;
  await drop(duplicates);
  await onProgress(settled());

  const batchSize = runsInProcess(services.db) ? IN_PROCESS_BATCH_QUESTIONS : BATCH_QUESTIONS;
  for (let start = 0; start < fresh.length; start += batchSize) {
    // Between two batches, everyone else's requests (and their queries) go first.
    await pacer.rest();
    const batch = fresh.slice(start, start + batchSize);
    try {
      const { stored, skipped } = await storeBatch(services, caller, batch);
      summary.imported += stored;
      summary.duplicates += skipped.length;
      await drop(skipped);
    } catch (error) {
      // The import fails here: the files of the questions not stored go (the stored ones stay with them).
      await drop(fresh.slice(start)).catch(() => {});
      throw error;
    }
    await onProgress(settled());
  }
  return summary;
}

/**
 * One batch of questions in one transaction, led by the duplicate guard. When the guard
 * fires, another import stored some of them after they were read: those are skipped (they
 * are in the bank now) and the rest tried again. The business's tag spellings are read for
 * each attempt, so a rolled-back attempt leaves no tag believed stored.
 */
async function storeBatch(services: AppServices, caller: Caller, batch: ReadyQuestion[]): Promise<{ stored: number; skipped: ReadyQuestion[] }> {
  let pending = batch;
  for (let attempt = 0; ; attempt++) {
    const known = await knownTags(services, caller.businessId, pending.flatMap((item) => item.question.tags));
    const now = services.now();
    const statements = pending.flatMap(({ question, place }) =>
      newQuestionStatements(services, { businessId: caller.businessId, teacherId: caller.userId, categoryId: place.categoryId, courseId: place.courseId }, question, known, now),
    );
    try {
      await services.db.batch([duplicateGuard(services, caller.businessId, pending), ...statements]);
      return { stored: pending.length, skipped: batch.filter((item) => !pending.includes(item)) };
    } catch (error) {
      const inBank = await existingKeys(services, caller.businessId, pending);
      const rest = pending.filter((item) => !inBank.has(item.key));
      // Not the guard (nothing of the batch is in the bank now), or no progress: a real failure.
      if (rest.length === pending.length || attempt >= RACE_RETRIES) throw error;
      pending = rest;
      if (pending.length === 0) return { stored: 0, skipped: batch };
    }
  }
}

/** The category and course named by a question, looked up once per pair; a problem says why it cannot be used. */
async function placeOf(services: AppServices, caller: Caller, places: Map<string, ResolvedCategoryCourse | RowProblem>, names: { category: string; course: string }) {
  const cacheKey = JSON.stringify([names.category.toLowerCase(), names.course.toLowerCase()]);
  let place = places.get(cacheKey);
  if (place === undefined) {
    try {
      place = await resolveCategoryCourse(services, caller.businessId, names);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // By the refusal's code (UNKNOWN_CATEGORY, UNKNOWN_COURSE), never its text.
      place = ruleProblem(error);
    }
    places.set(cacheKey, place);
  }
  return place;
}

import { and, asc, eq, inArray } from "drizzle-orm";
import { questionOptions, questions } from "../../../db/schema";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { AppError } from "../../errors";
import { resolveCategoryCourse, type ResolvedCategoryCourse } from "../categories/resolve-category-course";
import { validateQuestion, type ValidQuestion } from "../questions/schemas";
import { knownTags, newQuestionStatements } from "../questions/write-question";
import type { ImportCandidate, ImportSummary } from "./import-summary";
import { type RowProblem, ruleProblem, ruleProblems } from "./reasons";

/** Questions per db.batch (one transaction each): ~4 statements a question. */
const BATCH_QUESTIONS = 250;
const IN_LIST = 500;

interface Ready {
  question: ValidQuestion;
  place: ResolvedCategoryCourse;
  key: string;
}

/** What makes two questions the same for an import: place, text, answer type, options and which are correct. */
const sameQuestionKey = (place: { categoryId: number; courseId: number }, text: string, optionType: string, options: { optionText: string; optionStatus: boolean }[]) =>
  JSON.stringify([place.categoryId, place.courseId, text, optionType, options.map((o) => [o.optionText, o.optionStatus])]);

/**
 * Validates every candidate with the editor's rules (`validateQuestion`), finds its category
 * and course by name in the caller's business (they must exist, as in the editor), skips the
 * questions the bank already has (or that came earlier in the file), and stores the rest
 * with the editor's write path, many questions per batch.
 */
export async function storeImported(
  services: AppServices,
  caller: Caller,
  candidates: ImportCandidate[],
  unit: ImportSummary["unit"],
  columnOf?: (path: string) => string,
): Promise<ImportSummary> {
  const summary: ImportSummary = { unit, imported: 0, duplicates: 0, rejected: [] };
  const places = new Map<string, ResolvedCategoryCourse | RowProblem>();
  const ready: Ready[] = [];

  for (const candidate of candidates) {
    if ("problems" in candidate) {
      summary.rejected.push(candidate);
      continue;
    }
    const validation = validateQuestion(candidate.input);
    if (!validation.success) {
      summary.rejected.push({ number: candidate.number, problems: ruleProblems(validation.errors, columnOf) });
      continue;
    }
    const question = validation.data;
    const place = await placeOf(services, caller, places, question);
    if ("code" in place) {
      summary.rejected.push({ number: candidate.number, problems: [place] });
      continue;
    }
    ready.push({ question, place, key: sameQuestionKey(place, question.questionText, question.optionType, question.options) });
  }

  const seen = await existingKeys(services, caller.businessId, ready);
  const fresh: Ready[] = [];
  for (const item of ready) {
    if (seen.has(item.key)) summary.duplicates += 1;
    else {
      seen.add(item.key);
      fresh.push(item);
    }
  }

  const known = await knownTags(services, caller.businessId, fresh.flatMap((item) => item.question.tags));
  const now = services.now();
  for (let start = 0; start < fresh.length; start += BATCH_QUESTIONS) {
    const statements = fresh
      .slice(start, start + BATCH_QUESTIONS)
      .flatMap(({ question, place }) =>
        newQuestionStatements(services, { businessId: caller.businessId, teacherId: caller.userId, categoryId: place.categoryId, courseId: place.courseId }, question, known, now),
      );
    await services.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    summary.imported += Math.min(BATCH_QUESTIONS, fresh.length - start);
  }
  return summary;
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
      place = ruleProblem(error.message);
    }
    places.set(cacheKey, place);
  }
  return place;
}

/** Keys of the bank's questions with the same text in the same category and course as the import's. */
async function existingKeys(services: AppServices, businessId: number, ready: Ready[]): Promise<Set<string>> {
  const keys = new Set<string>();
  const byPlace = new Map<string, { place: ResolvedCategoryCourse; texts: Set<string> }>();
  for (const { place, question } of ready) {
    const id = `${place.categoryId}/${place.courseId}`;
    if (!byPlace.has(id)) byPlace.set(id, { place, texts: new Set() });
    byPlace.get(id)!.texts.add(question.questionText);
  }
  for (const { place, texts } of byPlace.values()) {
    const list = [...texts];
    for (let start = 0; start < list.length; start += IN_LIST) {
      const rows = await services.db
        .select({ id: questions.id, questionText: questions.questionText, optionType: questions.optionType })
        .from(questions)
        .where(
          and(
            eq(questions.businessId, businessId),
            eq(questions.categoryId, place.categoryId),
            eq(questions.courseId, place.courseId),
            inArray(questions.questionText, list.slice(start, start + IN_LIST)),
          ),
        );
      if (rows.length === 0) continue;
      const options = new Map<number, { optionText: string; optionStatus: boolean }[]>();
      for (let at = 0; at < rows.length; at += IN_LIST) {
        const optionRows = await services.db
          .select({ questionId: questionOptions.questionId, optionText: questionOptions.optionText, optionStatus: questionOptions.isCorrect })
          .from(questionOptions)
          .where(inArray(questionOptions.questionId, rows.slice(at, at + IN_LIST).map((row) => row.id)))
          .orderBy(asc(questionOptions.questionId), asc(questionOptions.position));
        for (const { questionId, ...option } of optionRows) {
          if (!options.has(questionId)) options.set(questionId, []);
          options.get(questionId)!.push(option);
        }
      }
      for (const row of rows) keys.add(sameQuestionKey(place, row.questionText, row.optionType, options.get(row.id) ?? []));
    }
  }
  return keys;
}

import { and, asc, count, eq, sql } from "drizzle-orm";
import { questions } from "../../../../db/schema";
import type { CategoryCourseRef } from "../../categories/find-category-course";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { Invalid, NotFound } from "../../core/errors";
import type { Pacer } from "../../imports/time-slices";
import { mathsToSource } from "../../maths/render-tex";
import { say } from "../../message-codes";
import { selectQuestions, toQuestionEntities } from "../../questions/question-entity";
import type { ExportImage, ExportQuestion } from "./export-question";
import { MAX_EXPORT_IMAGE_BYTES, MAX_EXPORT_IMAGE_LABEL, MAX_EXPORT_QUESTIONS } from "./schemas";

/**
 * Rows read per query: the entity reader's three follow-up queries take the page's ids as one
 * JSON parameter. 100, not 500: with the file written in a thread, reading the bank is what is
 * left on the loop, and a page of 500 held it 150–210 ms on a loaded 2-core machine (100:
 * 60–90 ms, the idle floor there being 35–45 ms; docs/decisions/0085, second addendum).
 */
const PAGE = 100;

/**
 * The questions of one category and course of the caller's business (or the chosen ones among
 * them), as the bank's authors read them (keys included), oldest first, with their image
 * bytes. Counted first: more than the cap is refused before anything is read. A chosen id that
 * is not in that bank is a 404, as any id of another business.
 */
export async function readBankForExport(services: AppServices, caller: Caller, place: CategoryCourseRef, chosen: number[] | undefined, pacer: Pacer, imageCap: ImageCap = EXPORT_IMAGE_CAP): Promise<ExportQuestion[]> {
  const ids = chosen ? [...new Set(chosen)] : undefined;
  const where = and(
    eq(questions.businessId, caller.businessId),
    eq(questions.categoryId, place.categoryId),
    eq(questions.courseId, place.courseId),
    // One JSON parameter, however many ids (D1 binds at most 100 per statement).
    ids ? sql`${questions.id} in (select value from json_each(${JSON.stringify(ids)}))` : undefined,
  );
  const [{ total }] = await services.db.select({ total: count() }).from(questions).where(where);
  if (ids && total !== ids.length) throw new NotFound("question");
  if (total > MAX_EXPORT_QUESTIONS) throw new Invalid(say("QUESTION_EXPORT_TOO_MANY", { max: MAX_EXPORT_QUESTIONS, count: total }));

  const result: ExportQuestion[] = [];
  const images = imageReader(services, imageCap);
  for (let lastId = 0; ; ) {
    const rows = await selectQuestions(services).where(and(where, sql`${questions.id} > ${lastId}`)).orderBy(asc(questions.id)).limit(PAGE);
    if (rows.length === 0) break;
    lastId = rows[rows.length - 1].id;
    for (const entity of await toQuestionEntities(services, caller, rows)) {
      result.push({
        id: entity.id,
        questionText: entity.questionText,
        optionType: entity.optionType,
        options: entity.options.map(({ optionText, optionStatus }) => ({ optionText, optionStatus })),
        answerKey: entity.answerKey,
        defaultMark: entity.defaultMark,
        category: entity.category,
        course: entity.course,
        tags: entity.tags,
        // The explanation as its author wrote it: formulas back to their TeX source (docs/decisions/0066).
        explanation: mathsToSource(entity.answerExplaination),
        image: entity.questionImage ? await images(entity.id, entity.questionImage) : null,
      });
    }
    await pacer.rest();
  }
  return result;
}

/** The cap on an export's images together, and how the refusal names it (a test passes a small one: read-bank.test.ts). */
export interface ImageCap {
  bytes: number;
  label: string;
}
const EXPORT_IMAGE_CAP: ImageCap = { bytes: MAX_EXPORT_IMAGE_BYTES, label: MAX_EXPORT_IMAGE_LABEL };

/** Reads images by key, refusing the export once their bytes together pass the cap. */
function imageReader(services: AppServices, cap: ImageCap) {
  let total = 0;
  return async (questionId: number, key: string): Promise<ExportImage | null> => {
    const blob = await services.blobs.get(key);
    // A stored question whose file is gone is exported without its image rather than not at all.
    if (!blob) return null;
    total += blob.size;
    if (total > cap.bytes) {
      await blob.body.cancel().catch(() => {});
      throw new Invalid(say("QUESTION_EXPORT_IMAGES_TOO_LARGE", { max: cap.label }));
    }
    const bytes = new Uint8Array(await new Response(blob.body).arrayBuffer());
    return { name: exportImageName(questionId, key), contentType: blob.contentType, bytes };
  };
}

/** `question-images/7/1700000000000-k3x9-photo.png` of question 12 → `q12-photo.png`: ASCII, unique per export. */
export function exportImageName(questionId: number, key: string): string {
  const stored = key.split("/").pop() ?? "";
  const original = stored.replace(/^\d+-[a-z0-9]+-/, "").replace(/[^A-Za-z0-9._-]+/g, "-") || "image";
  return `q${questionId}-${original}`.slice(0, 100);
}

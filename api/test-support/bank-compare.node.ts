import type { AppServices } from "../services/core/app-services";
import type { TestBed } from "./test-bed.node";

/**
 * Issue 28 point 4: two banks compared field by field, as a teacher would check that a
 * course came through an export and an import whole: texts, options and which are right,
 * keys (credits, tolerances, units…), marks, images by the SHA-256 of their bytes, tags and
 * explanations. Read through the real list endpoint, as the bank's page reads them.
 */
export interface ComparedQuestion {
  questionText: string;
  optionType: string;
  options: { optionText: string; optionStatus: boolean }[];
  answerKey: unknown;
  defaultMark: number;
  tags: string[];
  answerExplaination: string;
  imageSha256: string | null;
}

/** What a format cannot carry, left out of the comparison (each test says which and why). */
export type Uncarried = (question: ComparedQuestion) => ComparedQuestion;

async function sha256(services: AppServices, key: string | null): Promise<string | null> {
  if (!key) return null;
  const blob = await services.blobs.get(key);
  if (!blob) return "missing";
  const digest = await crypto.subtle.digest("SHA-256", await new Response(blob.body).arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function readBankForComparison(bed: Pick<TestBed, "post" | "services">, who: Parameters<TestBed["post"]>[0], place: { category: string; course: string }): Promise<ComparedQuestion[]> {
  const page = await bed.post(who, "/question/findAll", { queryParams: { filter: place, pageSize: 100, sortField: "questionText", sortOrder: "asc" } });
  if (page.status !== 200) throw new Error(`findAll answered ${page.status}: ${JSON.stringify(page.body)}`);
  const questions: ComparedQuestion[] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  for (const entity of page.body.entities as any[]) {
    questions.push({
      questionText: entity.questionText,
      optionType: entity.optionType,
      options: entity.options.map(({ optionText, optionStatus }: ComparedQuestion["options"][number]) => ({ optionText, optionStatus })),
      answerKey: entity.answerKey,
      defaultMark: entity.defaultMark,
      tags: [...entity.tags].sort(),
      answerExplaination: entity.answerExplaination,
      imageSha256: await sha256(bed.services, entity.questionImage),
    });
  }
  return questions.sort((a, b) => (a.questionText + a.optionType).localeCompare(b.questionText + b.optionType));
}

/** Every field that differs, as `question 3 (numerical) answerKey: … ≠ …`; empty when the banks are equal. */
export function bankDifferences(before: ComparedQuestion[], after: ComparedQuestion[], uncarried: Uncarried = (q) => q): string[] {
  const differences: string[] = [];
  if (before.length !== after.length) differences.push(`count: ${before.length} ≠ ${after.length}`);
  before.forEach((original, i) => {
    const copy = after[i];
    if (!copy) return;
    const a = uncarried(original);
    const b = uncarried(copy);
    for (const field of Object.keys(a) as (keyof ComparedQuestion)[]) {
      const left = JSON.stringify(a[field]);
      const right = JSON.stringify(b[field]);
      if (left !== right) differences.push(`question ${i + 1} (${original.optionType}) ${field}: ${left} ≠ ${right}`);
    }
  });
  return differences;
}

import { and, eq, inArray } from "drizzle-orm";
import { files } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError } from "../core/errors";
import type { ImportedFile } from "../core/heavy-jobs";
import { FileTooLarge, MAX_UPLOAD_LABEL, UploadQuotaReached } from "../files/rules";
import { storeFileBytes } from "../files/upload-file";
import type { ImportCandidate } from "./import-summary";
import type { RowProblem } from "./reasons";

/** What a parsed question's `questionImage` holds for a file its import carries, until the file is stored. */
export const IMPORT_FILE_REF = "import-file:";
export const importFileRef = (index: number) => `${IMPORT_FILE_REF}${index}`;

/** A candidate once its file is stored: the input now names the stored key; `keys` are the stored files (to remove if the question is not kept). */
export interface CandidateWithFiles {
  candidate: ImportCandidate;
  keys: string[];
}

/**
 * Stores the image an imported question carries (Moodle XML's base64 `<file>`, a QTI
 * package's file) as an image upload is stored, through the same checks (size, quotas, the
 * bytes sniffed as JPEG or PNG: files/upload-file.ts storeFileBytes), under question-images/,
 * and puts its key where the input held its ref. Only the file the question's image names is
 * read: a question has one image (questions/schemas.ts). A file the checks refuse makes the
 * question a rejected one, with the reason naming the file; nothing of it is stored.
 * Called by storeImported before the question rules, so they check the stored key as the
 * editor's image.
 */
export async function storeImportFiles(services: AppServices, caller: Caller, candidate: ImportCandidate): Promise<CandidateWithFiles> {
  if ("problems" in candidate || !candidate.files?.length) return { candidate, keys: [] };
  const input = candidate.input as Record<string, unknown> | null;
  const ref = input && typeof input === "object" ? input.questionImage : undefined;
  if (typeof ref !== "string" || !ref.startsWith(IMPORT_FILE_REF)) return { candidate: { number: candidate.number, input }, keys: [] };
  const file = candidate.files.find((one) => one.ref === ref);
  // A ref without its file is the reader's slip: the question loses no text, only a picture it cannot show.
  if (!file) return { candidate: { number: candidate.number, problems: [{ code: "importFileMissing", values: { name: ref } }] }, keys: [] };
  try {
    const key = await storeFileBytes(services, caller, "question-images", file.name, file.bytes);
    return { candidate: { number: candidate.number, input: { ...input, questionImage: key } }, keys: [key] };
  } catch (error) {
    const problem = refusal(error, file);
    if (!problem) throw error;
    return { candidate: { number: candidate.number, problems: [problem] }, keys: [] };
  }
}

/** Why the upload rules refused an imported file, by the refusal's class; anything else (the store failing) is no reason of the question's. */
function refusal(error: unknown, file: ImportedFile): RowProblem | undefined {
  if (error instanceof FileTooLarge) return { code: "importFileTooLarge", values: { name: file.name, max: MAX_UPLOAD_LABEL } };
  if (error instanceof UploadQuotaReached) return { code: "importFileQuota", values: { name: file.name } };
  // The content check's refusal (not a JPEG or PNG, an empty file, another extension).
  if (error instanceof AppError && error.status === 400) return { code: "importFileNotImage", values: { name: file.name } };
  return undefined;
}

/** Removes stored import files (blob and row) of questions that were not kept: rejected, duplicates, or an import that failed. */
export async function discardImportFiles(services: AppServices, caller: Caller, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await services.db.delete(files).where(and(eq(files.businessId, caller.businessId), inArray(files.key, keys)));
  for (const key of keys) await services.blobs.delete(key).catch(() => {});
}

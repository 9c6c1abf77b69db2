import { eq } from "drizzle-orm";
import { questionImports } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import type { ImportSummary } from "./import-summary";

/**
 * The stored record of an import (table question_imports): created when the import is
 * accepted, its `processed` count moved while it runs, its summary written when it ends. The
 * upload dialog polls it and "Past imports" lists it (read-imports.ts).
 */

/** The rejected rows kept for the app (the e-mail lists all of them): ~100 bytes each, far below a row's size limit on D1. */
export const MAX_STORED_REJECTIONS = 1000;
/** Progress is written at most this often, so a 10,000-row file costs a few dozen small updates, not 10,000. */
const PROGRESS_EVERY_MS = 400;

export async function createImportRecord(services: AppServices, caller: Caller, format: "CSV" | "GIFT" | "MOODLEXML", fileName: string, total: number): Promise<number> {
  const now = services.now();
  const [row] = await services.db
    .insert(questionImports)
    .values({ businessId: caller.businessId, userId: caller.userId, format, fileName, status: "running", total, createdAt: now, updatedAt: now })
    .returning({ id: questionImports.id });
  return row.id;
}

/** A progress callback for storeImported: writes `processed` now and then, never more often than PROGRESS_EVERY_MS. */
export function progressWriter(services: AppServices, importId: number): (processed: number) => Promise<void> {
  let lastWrite = performance.now();
  return async (processed) => {
    if (performance.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = performance.now();
    await services.db.update(questionImports).set({ processed, updatedAt: services.now() }).where(eq(questionImports.id, importId));
  };
}

export async function finishImportRecord(services: AppServices, importId: number, summary: ImportSummary): Promise<void> {
  const now = services.now();
  const settled = summary.imported + summary.duplicates + summary.rejected.length;
  await services.db
    .update(questionImports)
    .set({
      status: "done",
      processed: settled,
      imported: summary.imported,
      duplicates: summary.duplicates,
      rejectedCount: summary.rejected.length,
      rejected: summary.rejected.slice(0, MAX_STORED_REJECTIONS),
      updatedAt: now,
      finishedAt: now,
    })
    .where(eq(questionImports.id, importId));
}

/** An unexpected failure: what was stored stays (the e-mail says so); the counts are not known. */
export async function failImportRecord(services: AppServices, importId: number): Promise<void> {
  const now = services.now();
  await services.db.update(questionImports).set({ status: "failed", updatedAt: now, finishedAt: now }).where(eq(questionImports.id, importId));
}

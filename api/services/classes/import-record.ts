import { and, eq } from "drizzle-orm";
import { classImports, type RosterRejection } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { classesCallerManages, assertMayCreateClass, ownRowsUnlessOwner } from "../core/permissions";
import { ClassImportStatusInput } from "./schemas";
import { wasCutOff } from "../imports/read-imports";

/** Rejected rows kept for the page (the counts cover all of them). */
export const MAX_KEPT_REJECTIONS = 1000;
const PROGRESS_EVERY_MS = 400;

export interface RosterSummary {
  created: number;
  existing: number;
  duplicates: number;
  rejected: RosterRejection[];
}

export async function createRosterImport(services: AppServices, caller: Caller, classId: number, fileName: string, total: number): Promise<number> {
  const now = services.now();
  const [row] = await services.db
    .insert(classImports)
    .values({ businessId: caller.businessId, classId, userId: caller.userId, fileName, status: "running", total, createdAt: now, updatedAt: now })
    .returning({ id: classImports.id });
  return row.id;
}

/** Writes `processed` now and then (never more often than every 400 ms), so a 10,000-row file costs a few dozen updates. */
export function rosterProgress(services: AppServices, importId: number): (processed: number) => Promise<void> {
  let last = performance.now();
  return async (processed) => {
    if (performance.now() - last < PROGRESS_EVERY_MS) return;
    last = performance.now();
    await services.db.update(classImports).set({ processed, updatedAt: services.now() }).where(eq(classImports.id, importId));
  };
}

export async function finishRosterImport(services: AppServices, importId: number, summary: RosterSummary, processed: number): Promise<void> {
  const now = services.now();
  await services.db
    .update(classImports)
    .set({
      status: "done",
      processed,
      created: summary.created,
      existing: summary.existing,
      duplicates: summary.duplicates,
      rejectedCount: summary.rejected.length,
      rejected: summary.rejected.slice(0, MAX_KEPT_REJECTIONS),
      updatedAt: now,
      finishedAt: now,
    })
    .where(eq(classImports.id, importId));
}

export async function failRosterImport(services: AppServices, importId: number): Promise<void> {
  const now = services.now();
  await services.db.update(classImports).set({ status: "failed", updatedAt: now, finishedAt: now }).where(eq(classImports.id, importId));
}

/**
 * POST /api/classes/import/status: a roster import's progress and summary, for the author who
 * ran it and the owner, on a class they still manage; anyone else's is a 404.
 */
export async function readRosterImport(services: AppServices, caller: Caller, input: unknown) {
  assertMayCreateClass(caller);
  const { importId } = ClassImportStatusInput.parse(input);
  const [row] = await services.db
    .select()
    .from(classImports)
    .where(
      and(
        eq(classImports.id, importId),
        eq(classImports.businessId, caller.businessId),
        ownRowsUnlessOwner.where(caller, classImports.userId),
        classesCallerManages(caller, classImports.classId),
      ),
    )
    .limit(1);
  if (!row) throw new NotFound("import");
  return {
    importId: row.id,
    classId: row.classId,
    fileName: row.fileName,
    // A process that stopped mid-import left it running: after a silence it reads as failed, so the page stops waiting.
    status: wasCutOff(row, services.now()) ? ("failed" as const) : row.status,
    total: row.total,
    processed: row.processed,
    created: row.created,
    existing: row.existing,
    duplicates: row.duplicates,
    rejectedCount: row.rejectedCount,
    rejected: row.rejected,
    startedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

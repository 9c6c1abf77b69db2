import { and, desc, eq } from "drizzle-orm";
import { questionImports, type QuestionImportRow, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertAuthor, assertMayReadImport, ownRowsUnlessOwner } from "../core/permissions";
import type { RowProblem } from "./reasons";

/**
 * An import's record as the upload dialog shows it: its progress while it runs, its summary
 * when it ends. Read by the author who ran it and the owner (permissions.ts mayReadImport);
 * another business's import, or an id that is none, is a 404 like one that does not exist.
 */
export interface ImportView {
  id: number;
  format: "CSV" | "GIFT" | "MOODLEXML";
  fileName: string;
  /** "failed": it stopped on an unexpected error, or was cut off (a restart) and never finished. */
  status: "running" | "done" | "failed";
  /** What `number` counts: spreadsheet rows (CSV, the header being row 1) or questions (GIFT). */
  unit: "Row" | "Question";
  /** Who ran it (the owner sees every author's imports). */
  teacher: string;
  total: number;
  processed: number;
  imported: number;
  duplicates: number;
  rejectedCount: number;
  /** The first MAX_STORED_REJECTIONS rejected rows, each with its reasons as codes (locales imports.json `reasons.<code>`). */
  rejected: { number: number; problems: RowProblem[] }[];
  startedAt: string;
  finishedAt: string | null;
}

export type ImportListItem = Omit<ImportView, "rejected" | "processed">;

/** How many past imports the list shows: the latest ones. */
export const PAST_IMPORTS_SHOWN = 20;
/** A running import writes progress every fraction of a second; silent this long, it was cut off (the server stopped). */
export const STALE_IMPORT_MS = 10 * 60 * 1000;

/** Whether a row still marked running was cut off (its process stopped): it reads as failed. Question and roster imports alike. */
export const wasCutOff = (row: { status: string; updatedAt: Date }, now: Date): boolean => row.status === "running" && now.getTime() - row.updatedAt.getTime() > STALE_IMPORT_MS;

const ID = /^[1-9]\d{0,15}$/;

export async function getImport(services: AppServices, caller: Caller, id: string): Promise<ImportView> {
  assertAuthor(caller);
  if (!ID.test(id)) throw new NotFound("import");
  const [found] = await selectImports(services)
    .where(and(eq(questionImports.id, Number(id)), eq(questionImports.businessId, caller.businessId)))
    .limit(1);
  if (!found) throw new NotFound("import");
  assertMayReadImport(caller, found.row);
  return { ...listItem(services, found), processed: found.row.processed, rejected: found.row.rejected as ImportView["rejected"] };
}

/** The caller's latest imports, newest first; the owner's list holds every author's of the business. */
export async function listImports(services: AppServices, caller: Caller): Promise<ImportListItem[]> {
  assertAuthor(caller);
  const mine = eq(questionImports.businessId, caller.businessId);
  const rows = await selectImports(services)
    .where(and(mine, ownRowsUnlessOwner.where(caller, questionImports.userId)))
    .orderBy(desc(questionImports.id))
    .limit(PAST_IMPORTS_SHOWN);
  return rows.map((found) => listItem(services, found));
}

function selectImports(services: AppServices) {
  return services.db.select({ row: questionImports, teacher: users.fullname }).from(questionImports).innerJoin(users, eq(users.id, questionImports.userId)).$dynamic();
}

function listItem(services: AppServices, { row, teacher }: { row: QuestionImportRow; teacher: string }): ImportListItem {
  const cutOff = wasCutOff(row, services.now());
  return {
    id: row.id,
    format: row.format,
    fileName: row.fileName,
    status: cutOff ? "failed" : row.status,
    unit: row.format === "CSV" ? "Row" : "Question",
    teacher,
    total: row.total,
    imported: row.imported,
    duplicates: row.duplicates,
    rejectedCount: row.rejectedCount,
    startedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

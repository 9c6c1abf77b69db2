import { and, eq } from "drizzle-orm";
import { files } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid, NotFound } from "../core/errors";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "../files/rules";
import { say } from "../message-codes";

export const IMPORT_FOLDER = "csv-uploads/";

/**
 * The bytes of an uploaded import file (`location` = the key from POST /api/files/upload with
 * folder csv-uploads). A key of another business, of another folder, or of nothing answers
 * 404, so keys are not confirmed across businesses.
 */
export async function readImportBytes(services: AppServices, caller: Caller, location: string): Promise<Uint8Array> {
  if (!location.startsWith(IMPORT_FOLDER)) throw new NotFound("file");
  const [row] = await services.db
    .select({ size: files.size })
    .from(files)
    .where(and(eq(files.key, location), eq(files.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new NotFound("file");
  if (row.size > MAX_UPLOAD_BYTES) throw new Invalid(say("FILE_TOO_LARGE", { max: MAX_UPLOAD_LABEL }), { location: say("FILE_MAX_SIZE", { max: MAX_UPLOAD_LABEL }) });
  const blob = await services.blobs.get(location);
  if (!blob) throw new NotFound("file");
  return new Uint8Array(await new Response(blob.body).arrayBuffer());
}

/** The text of an uploaded import file (CSV, GIFT): its bytes as UTF-8. */
export async function readImportFile(services: AppServices, caller: Caller, location: string): Promise<string> {
  const bytes = await readImportBytes(services, caller, location);
  // The upload checked UTF-8 already; a BOM (Excel's "CSV UTF-8") is not part of the header.
  return new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
}

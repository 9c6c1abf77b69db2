import { and, eq } from "drizzle-orm";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { files } from "../../../db/schema";
import { signFileUrl } from "./signed-url";
import { assertMayManageFiles } from "../core/permissions";

/**
 * A fresh signed URL for a stored file, e.g. when an editor reopens a question after the
 * first URL expired. Only for files of the caller's own business: a key of another business
 * is answered exactly like a missing one, so keys cannot be probed across tenants.
 */
export async function issueFileUrl(services: AppServices, caller: Caller, input: { key: string }): Promise<{ key: string; url: string }> {
  assertMayManageFiles(caller);
  const [file] = await services.db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.key, input.key), eq(files.businessId, caller.businessId)))
    .limit(1);
  if (!file) throw new NotFound("file");
  return { key: file.key, url: await signFileUrl(services, file.key) };
}

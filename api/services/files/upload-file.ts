import { eq, sql } from "drizzle-orm";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { files } from "../../../db/schema";
import { rateLimit, tooManyAs } from "../auth/rate-limit";
import { checkUploadContent } from "./content-check";
import { sanitiseFileName } from "./file-name";
import { FileTooLarge, MAX_UPLOAD_BYTES, UPLOAD_LIMITS, UploadQuotaReached, type UploadFolder } from "./rules";
import { signFileUrl } from "./signed-url";
import { assertMayManageFiles } from "../core/permissions";

export interface UploadInput {
  file: File;
  folder: UploadFolder;
}

export interface UploadResult {
  key: string;
  url: string;
}

/**
 * Stores a question image or CSV upload for the caller's business and returns its key (kept
 * on the question as `questionImage`/`image`, or passed to the CSV import) and a signed URL.
 */
export async function uploadFile(services: AppServices, caller: Caller, input: UploadInput): Promise<UploadResult> {
  assertMayManageFiles(caller);
  if (input.file.size > MAX_UPLOAD_BYTES) throw new FileTooLarge();
  await rateLimit(services, [{ key: `upload:hour:${caller.userId}`, limit: UPLOAD_LIMITS.perHour, windowMs: 60 * 60 * 1000 }], tooManyAs("TOO_MANY_UPLOADS"));
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const key = await storeFileBytes(services, caller, input.folder, input.file.name, bytes);
  return { key, url: await signFileUrl(services, key) };
}

/**
 * The checks and the write of an upload once its bytes are read: the size, the quotas, the
 * content (the stored type comes from it), then the blob and its row. Also how an import
 * stores the images its file carries (imports/import-files.ts), so both pass the same rules.
 * The key it answers is the stored file's.
 */
export async function storeFileBytes(services: AppServices, caller: Caller, folder: UploadFolder, name: string, bytes: Uint8Array): Promise<string> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new FileTooLarge();
  await assertWithinQuota(services, caller, bytes.length);
  const { contentType } = checkUploadContent(folder, name, bytes);

  // Spec: "a timestamped file name". The random part keeps two uploads of the same name in
  // the same millisecond from overwriting each other (the key is the files table's primary key).
  const random = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  const stamp = services.now().getTime();
  const key = `${folder}/${caller.businessId}/${stamp}-${random}-${sanitiseFileName(name)}`;

  await services.blobs.put(key, bytes, contentType);
  try {
    await services.db.insert(files).values({
      key,
      businessId: caller.businessId,
      uploadedBy: caller.userId,
      contentType,
      size: bytes.length,
      createdAt: services.now(),
    });
  } catch (error) {
    // Without its row nobody can ever re-sign or clean up the blob: remove it.
    await services.blobs.delete(key).catch(() => {});
    throw error;
  }
  return key;
}

/**
 * The account's and the business's stored bytes, with this file, stay within UPLOAD_LIMITS.
 * Read before the write, so uploads racing each other may pass it together by a few files
 * (at most 5 MB each, and the hourly rate bounds how many): a quota, not an exact ledger.
 */
async function assertWithinQuota(services: AppServices, caller: Caller, size: number): Promise<void> {
  const [used] = await services.db
    .select({
      business: sql<number>`coalesce(sum(${files.size}), 0)`,
      account: sql<number>`coalesce(sum(case when ${files.uploadedBy} = ${caller.userId} then ${files.size} else 0 end), 0)`,
    })
    .from(files)
    .where(eq(files.businessId, caller.businessId));
  if (Number(used.account) + size > UPLOAD_LIMITS.accountBytes) throw new UploadQuotaReached("account");
  if (Number(used.business) + size > UPLOAD_LIMITS.businessBytes) throw new UploadQuotaReached("business");
}

import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { files } from "../../../db/schema";
import { checkUploadContent } from "./content-check";
import { sanitiseFileName } from "./file-name";
import { assertCanManageFiles, FileTooLarge, MAX_UPLOAD_BYTES, type UploadFolder } from "./rules";
import { signFileUrl } from "./signed-url";

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
  assertCanManageFiles(caller);
  if (input.file.size > MAX_UPLOAD_BYTES) throw new FileTooLarge();
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const { contentType } = checkUploadContent(input.folder, input.file.name, bytes);

  // Spec: "a timestamped file name". The random part keeps two uploads of the same name in
  // the same millisecond from overwriting each other (the key is the files table's primary key).
  const random = crypto.getRandomValues(new Uint32Array(1))[0].toString(36);
  const stamp = services.now().getTime();
  const key = `${input.folder}/${caller.businessId}/${stamp}-${random}-${sanitiseFileName(input.file.name)}`;

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
  return { key, url: await signFileUrl(services, key) };
}

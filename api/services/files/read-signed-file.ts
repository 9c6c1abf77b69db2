import type { StoredBlob } from "../core/blob-store";
import { isSafeBlobKey } from "../../adapters/blob-key";
import type { AppServices } from "../core/app-services";
import { NotFound } from "../core/errors";
import { secondsUntil, verifyFileSignature } from "./signed-url";
import { assertFileLinkValid } from "../core/permissions";

export interface SignedFileRequest {
  key: string;
  expires?: string;
  signature?: string;
}

/**
 * Reads a file through a signed URL. The URL is the capability (it works in `<img src>`,
 * without a session), so no caller check happens here: the signature proves that this app
 * handed the link out, for this key, until `expires`.
 */
export async function readSignedFile(services: AppServices, input: SignedFileRequest): Promise<{ blob: StoredBlob; maxAgeSeconds: number }> {
  const valid = isSafeBlobKey(input.key) && (await verifyFileSignature(services, input.key, input.expires, input.signature));
  assertFileLinkValid(valid);
  const blob = await services.blobs.get(input.key);
  if (!blob) throw new NotFound("file");
  return { blob, maxAgeSeconds: secondsUntil(services, Number(input.expires)) };
}

import type { R2Bucket } from "@cloudflare/workers-types";
import { assertSafeBlobKey } from "./blob-key";
import type { BlobStore } from "../services/core/blob-store";

/**
 * Production blob store on Workers: a Cloudflare R2 bucket binding. The content type is kept
 * in R2's own HTTP metadata, so no sidecar is needed.
 */
export function createR2BlobStore(bucket: R2Bucket): BlobStore {
  return {
    async put(key, body, contentType) {
      assertSafeBlobKey(key);
      await bucket.put(key, body, { httpMetadata: { contentType } });
    },

    async get(key) {
      assertSafeBlobKey(key);
      const object = await bucket.get(key);
      if (!object) return null;
      return {
        // workers-types declares its own ReadableStream; at runtime it is the global one.
        body: object.body as unknown as ReadableStream<Uint8Array>,
        contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
        size: object.size,
      };
    },

    async delete(key) {
      assertSafeBlobKey(key);
      await bucket.delete(key);
    },
  };
}

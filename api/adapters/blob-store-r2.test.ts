import type { R2Bucket } from "@cloudflare/workers-types";
import { describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "./blob-store.contract";
import { createR2BlobStore } from "./blob-store-r2";

/**
 * IN-TEST FAKE, NOT R2: a minimal in-memory object implementing only the three R2Bucket
 * methods the store calls (put, get, delete), shaped like the workers-types declarations.
 * It checks the adapter's mapping (httpMetadata.contentType, size, null for missing keys).
 * The real R2 binding is exercised by the Worker smoke test under `wrangler dev`.
 */
function fakeR2Bucket() {
  const objects = new Map<string, { bytes: Uint8Array; contentType?: string }>();
  const bucket = {
    async put(key: string, value: ArrayBuffer | ArrayBufferView, options?: { httpMetadata?: { contentType?: string } }) {
      const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      objects.set(key, { bytes: bytes.slice(), contentType: options?.httpMetadata?.contentType });
      return { key, size: bytes.length };
    },
    async get(key: string) {
      const object = objects.get(key);
      if (!object) return null;
      return {
        key,
        size: object.bytes.length,
        httpMetadata: { contentType: object.contentType },
        body: new Response(object.bytes.slice()).body,
      };
    },
    async delete(key: string | string[]) {
      for (const k of [key].flat()) objects.delete(k);
    },
  };
  return { bucket: bucket as unknown as R2Bucket, objects };
}

describeBlobStoreContract("R2 (in-test fake bucket)", () => createR2BlobStore(fakeR2Bucket().bucket));

describe("R2 blob store (in-test fake bucket)", () => {
  it("keeps the content type in R2's httpMetadata", async () => {
    const { bucket, objects } = fakeR2Bucket();
    await createR2BlobStore(bucket).put("question-images/1/a.jpg", new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
    expect(objects.get("question-images/1/a.jpg")?.contentType).toBe("image/jpeg");
  });
});

import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { assertSafeBlobKey } from "./blob-key";
import type { BlobStore } from "../services/core/blob-store";

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** For R2 (`https://<account>.r2.cloudflarestorage.com`), MinIO or a test server. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle?: boolean;
}

/**
 * Blob store over the S3 API: R2 reached from Node, or any S3-compatible bucket. The AWS
 * SDK v3 uses fetch on Workers and node:http on Node, so this file runs on both.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Recent SDKs add CRC32 checksum headers to every request by default; several
    // S3-compatible stores (R2 among them, for some headers) reject or ignore them.
    // Only send checksums where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;

  return {
    async put(key, body, contentType) {
      assertSafeBlobKey(key);
      const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async get(key) {
      assertSafeBlobKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: result.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          contentType: result.ContentType ?? "application/octet-stream",
          size: result.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeBlobKey(key);
      // S3 answers 204 for a missing key too, so deleting twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

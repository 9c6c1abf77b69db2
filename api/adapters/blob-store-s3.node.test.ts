import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../test-support/s3-stand-in.node";
import { describeBlobStoreContract } from "./blob-store.contract";
import { createS3BlobStore } from "./blob-store-s3";

/** The real AWS SDK client against a local stand-in for S3 (api/test-support/s3-stand-in.node.ts). */
let bucket: S3StandIn;
let endpoint: string;
beforeAll(async () => {
  bucket = await startS3StandIn("test-key");
  endpoint = bucket.endpoint;
});
afterAll(() => bucket.stop());

const makeStore = () =>
  createS3BlobStore({
    bucket: "quiz-files",
    region: "auto",
    endpoint,
    accessKeyId: "test-key",
    secretAccessKey: "test-secret",
    forcePathStyle: true,
  });

describeBlobStoreContract("S3 (local stand-in server)", makeStore);

describe("S3 blob store", () => {
  it("sends signed, path-style requests to the bucket", async () => {
    bucket.requests.length = 0;
    const store = makeStore();
    await store.put("question-images/9/p.png", new Uint8Array([1]), "image/png");
    expect(bucket.requests).toEqual([
      { method: "PUT", path: "/quiz-files/question-images/9/p.png", authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 /) },
    ]);
    expect(bucket.objects.get("quiz-files/question-images/9/p.png")?.contentType).toBe("image/png");
  });

  it("surfaces errors other than a missing key", async () => {
    const store = createS3BlobStore({
      bucket: "quiz-files",
      region: "auto",
      endpoint,
      accessKeyId: "wrong-key",
      secretAccessKey: "x",
      forcePathStyle: true,
    });
    await expect(store.get("question-images/9/p.png")).rejects.toThrow();
  });
});

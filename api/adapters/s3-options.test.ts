import { describe, expect, it } from "vitest";
import { s3OptionsFromEnv } from "./s3-options";

describe("s3OptionsFromEnv", () => {
  it("is null without a bucket, so the runtime's own store is used", () => {
    expect(s3OptionsFromEnv({ S3_REGION: "eu" })).toBeNull();
  });

  it("reads the bucket settings with their defaults", () => {
    expect(s3OptionsFromEnv({ S3_BUCKET: "files", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" })).toEqual({
      bucket: "files",
      region: "auto",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: "",
      secretAccessKey: "",
      forcePathStyle: true,
    });
  });
});

import type { S3BlobStoreOptions } from "./blob-store-s3";

/**
 * The S3 bucket settings from the environment (`S3_*`), or null when no bucket is set.
 * Kept apart from the store itself so an entry point can read them without loading the
 * AWS SDK (the Worker imports it only when needed).
 */
export function s3OptionsFromEnv(env: Record<string, unknown>): S3BlobStoreOptions | null {
  const text = (name: string) => (typeof env[name] === "string" ? (env[name] as string) : undefined);
  const bucket = text("S3_BUCKET");
  if (!bucket) return null;
  return {
    bucket,
    region: text("S3_REGION") ?? "auto",
    endpoint: text("S3_ENDPOINT"),
    accessKeyId: text("S3_ACCESS_KEY_ID") ?? "",
    secretAccessKey: text("S3_SECRET_ACCESS_KEY") ?? "",
    forcePathStyle: text("S3_FORCE_PATH_STYLE") === "true",
  };
}

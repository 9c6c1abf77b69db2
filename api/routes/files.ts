import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { limitBody } from "../middleware/body-limit";
import { issueFileUrl } from "../services/files/issue-file-url";
import { readSignedFile } from "../services/files/read-signed-file";
import { FileTooLarge, MAX_UPLOAD_BYTES, UPLOAD_FOLDERS } from "../services/files/rules";
import { uploadFile } from "../services/files/upload-file";
import { assertMayManageFiles } from "../services/core/permissions";

/**
 * /api/files: upload (teachers and owners), re-sign (same business only), and the signed
 * read URL itself, which needs no session because the signature is the permission.
 */
const ErrorBody = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() }).openapi("Error");
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

const StoredFile = z
  .object({
    key: z.string().openapi({ example: "question-images/1/1700000000000-k3x9-photo.png" }),
    url: z.string().openapi({ description: "Signed read URL, valid for 3600 seconds" }),
  })
  .openapi("StoredFile");

const UploadForm = z.object({
  file: z.instanceof(File, { message: "Please choose a file to upload" }).openapi({ type: "string", format: "binary" }),
  folder: z.enum(UPLOAD_FOLDERS, { message: "folder must be question-images or csv-uploads" }).default("question-images"),
});

/** Permission before the body is read: a refused caller never makes us buffer 5 MB. */
const requireFileManager = createMiddleware<ApiEnv>(async (c, next) => {
  assertMayManageFiles(callerOf(c));
  await next();
});

// Multipart framing (boundaries, part headers, the folder field) adds a little to the file.
const uploadBodyLimit = limitBody(MAX_UPLOAD_BYTES + 64 * 1024, () => {
  throw new FileTooLarge();
});

const uploadRoute = createRoute({
  method: "post",
  path: "/upload",
  tags: ["Files"],
  summary: "Upload a question image (jpg, jpeg, png, jfif) or a CSV file, at most 5 MB",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireFileManager, uploadBodyLimit] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: UploadForm } } } },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: StoredFile } } },
    400: errorResponse("Missing file, wrong folder, or content that is not what the name says"),
    401: errorResponse("No or expired session"),
    403: errorResponse("Not a teacher or owner"),
    413: errorResponse("Larger than 5 MB, or past the account's (2 GB) or the business's (20 GB) upload quota"),
    429: errorResponse("More than 120 uploads in an hour by this account; Retry-After says when to try again"),
  },
});

const signRoute = createRoute({
  method: "post",
  path: "/sign",
  tags: ["Files"],
  summary: "A fresh signed read URL for a file of the caller's business",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: {
    body: { required: true, content: { "application/json": { schema: z.object({ key: z.string().min(1, "key is required").max(512) }) } } },
  },
  responses: {
    200: { description: "Signed URL", content: { "application/json": { schema: StoredFile } } },
    401: errorResponse("No or expired session"),
    403: errorResponse("Not a teacher or owner"),
    404: errorResponse("No such file in the caller's business"),
  },
});

export const filesRoutes = newRouter()
  .openapi(uploadRoute, async (c) => {
    const { file, folder } = c.req.valid("form");
    return c.json(await uploadFile(c.var.services, callerOf(c), { file, folder }), 201);
  })
  .openapi(signRoute, async (c) => {
    return c.json(await issueFileUrl(c.var.services, callerOf(c), c.req.valid("json")), 200);
  });

// The key contains slashes, which an OpenAPI `{key}` segment cannot match in Hono, so the
// handler is mounted on a regex wildcard and documented separately.
filesRoutes.openAPIRegistry.registerPath({
  method: "get",
  path: "/{key}",
  tags: ["Files"],
  summary: "Read a file through its signed URL (no session needed; the signature is the permission)",
  request: {
    params: z.object({ key: z.string().openapi({ description: "Blob key; may contain slashes" }) }),
    query: z.object({ expires: z.string().openapi({ description: "Unix seconds" }), signature: z.string() }),
  },
  responses: {
    200: { description: "The file, with its stored content type", content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } } },
    403: errorResponse("Link expired or invalid"),
    404: errorResponse("File no longer stored"),
  },
});

filesRoutes.get("/:key{.+}", async (c) => {
  const { blob, maxAgeSeconds } = await readSignedFile(c.var.services, {
    key: c.req.param("key"),
    expires: c.req.query("expires"),
    signature: c.req.query("signature"),
  });
  const headers: Record<string, string> = {
    "Content-Type": blob.contentType,
    "Content-Length": String(blob.size),
    // The response must not outlive the link, and shared caches must not serve it to others.
    "Cache-Control": `private, max-age=${maxAgeSeconds}`,
    "X-Content-Type-Options": "nosniff",
    // Served from our origin: even if opened directly, nothing in it may run or load.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (!blob.contentType.startsWith("image/")) {
    headers["Content-Disposition"] = `attachment; filename="${c.req.param("key").split("/").pop()}"`;
  }
  return c.body(blob.body, 200, headers);
});

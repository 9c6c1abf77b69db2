import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "./blob-store.contract";
import { createS3BlobStore } from "./blob-store-s3";

/**
 * A local stand-in for S3 that speaks the three calls the store uses (PutObject, GetObject,
 * DeleteObject) in path style, so the real AWS SDK client is exercised end to end: request
 * signing, URL building, header mapping and error parsing.
 */
interface StoredObject {
  bytes: Buffer;
  contentType: string;
}
const objects = new Map<string, StoredObject>();
const requests: { method: string; path: string; authorization: string | undefined }[] = [];
let server: Server;
let endpoint: string;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push({ method: request.method ?? "", path: url.pathname, authorization: request.headers.authorization });
    const [, bucket, ...keyParts] = url.pathname.split("/");
    const key = keyParts.map(decodeURIComponent).join("/");
    const id = `${bucket}/${key}`;
    if (!request.headers.authorization?.startsWith("AWS4-HMAC-SHA256 Credential=test-key/")) {
      response.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    if (request.method === "PUT") {
      objects.set(id, { bytes: await bodyOf(request), contentType: request.headers["content-type"] ?? "binary/octet-stream" });
      response.writeHead(200, { etag: '"etag"' }).end();
    } else if (request.method === "GET") {
      const object = objects.get(id);
      if (!object) {
        response
          .writeHead(404, { "content-type": "application/xml" })
          .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`);
        return;
      }
      response.writeHead(200, { "content-type": object.contentType, "content-length": object.bytes.length }).end(object.bytes);
    } else if (request.method === "DELETE") {
      objects.delete(id);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
    requests.length = 0;
    const store = makeStore();
    await store.put("question-images/9/p.png", new Uint8Array([1]), "image/png");
    expect(requests).toEqual([
      { method: "PUT", path: "/quiz-files/question-images/9/p.png", authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 /) },
    ]);
    expect(objects.get("quiz-files/question-images/9/p.png")?.contentType).toBe("image/png");
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

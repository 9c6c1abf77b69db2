import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an S3 bucket that speaks the three calls the S3 blob store uses
 * (PutObject, GetObject, DeleteObject) in path style, so the real AWS SDK client is exercised
 * end to end (request signing, URL building, header mapping, error parsing), by the adapter's
 * own test and by several app servers sharing one bucket (tests/sqld). Requests not signed
 * with `accessKeyId` are refused as S3 refuses them.
 */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface S3StandIn {
  /** The endpoint to give as S3_ENDPOINT (path style). */
  endpoint: string;
  accessKeyId: string;
  /** What the bucket holds, by "bucket/key". */
  objects: Map<string, StoredObject>;
  /** Every request, in order. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const xmlError = (code: string, message = "") => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startS3StandIn(accessKeyId = "test-key"): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const requests: S3StandIn["requests"] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push({ method: request.method ?? "", path: url.pathname, authorization: request.headers.authorization });
    const [, bucket, ...keyParts] = url.pathname.split("/");
    const id = `${bucket}/${keyParts.map(decodeURIComponent).join("/")}`;
    if (!request.headers.authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      response.writeHead(403, { "content-type": "application/xml" }).end(xmlError("AccessDenied"));
      return;
    }
    if (request.method === "PUT") {
      objects.set(id, { bytes: await bodyOf(request), contentType: request.headers["content-type"] ?? "binary/octet-stream" });
      response.writeHead(200, { etag: '"etag"' }).end();
    } else if (request.method === "GET") {
      const object = objects.get(id);
      if (!object) {
        response.writeHead(404, { "content-type": "application/xml" }).end(xmlError("NoSuchKey", "The specified key does not exist."));
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
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accessKeyId,
    objects,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

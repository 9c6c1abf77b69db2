/**
 * Where uploaded files (question images, CSV uploads) live: disk on Node, R2 on Workers,
 * any S3-compatible bucket as an option. Keys are slash-separated paths such as
 * `question-images/1700000000000-photo.png`.
 */
export interface StoredBlob {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface BlobStore {
  put(key: string, body: Uint8Array | ArrayBuffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}

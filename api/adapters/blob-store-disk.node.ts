import { createReadStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { assertSafeBlobKey } from "./blob-key";
import type { BlobStore, StoredBlob } from "../services/core/blob-store";

/**
 * The local default blob store: files on disk under `rootDir`.
 *
 * Layout: `objects/<key>` holds the bytes, `meta/<key>.json` the content type (a sidecar,
 * because the type is decided by the upload's content check and cannot be trusted to the
 * file name), `tmp/` the half-written files. Every write goes to `tmp/` first and is then
 * renamed into place, so a reader never sees a partly written file, even after a crash.
 */
export function createDiskBlobStore(rootDir: string): BlobStore {
  const root = resolve(rootDir);
  const objectsDir = join(root, "objects");
  const metaDir = join(root, "meta");
  const tmpDir = join(root, "tmp");

  // Keys are validated by the shared rule; the prefix check is a second line of defence.
  function within(base: string, relative: string): string {
    const path = resolve(base, relative);
    if (!path.startsWith(base + sep)) throw new Error(`Unsafe blob key: ${JSON.stringify(relative)}`);
    return path;
  }
  const paths = (key: string) => {
    assertSafeBlobKey(key);
    return { data: within(objectsDir, key), meta: within(metaDir, `${key}.json`) };
  };

  async function writeAtomically(target: string, bytes: Uint8Array | string): Promise<void> {
    // Uploads are readable by the server's user only: 0700 folders, 0600 files.
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const temp = join(tmpDir, crypto.randomUUID());
    try {
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    async put(key, body, contentType) {
      const { data, meta } = paths(key);
      const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
      // Metadata first: a reader that finds the bytes always finds their type too.
      await writeAtomically(meta, JSON.stringify({ contentType }));
      await writeAtomically(data, bytes);
    },

    async get(key): Promise<StoredBlob | null> {
      const { data, meta } = paths(key);
      let handle;
      try {
        handle = await open(data, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const contentType = await readContentType(meta);
        // The stream owns the handle from here on and closes it when done (autoClose).
        const stream = createReadStream("", { fd: handle });
        return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, contentType, size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      const { data, meta } = paths(key);
      await rm(data, { force: true });
      await rm(meta, { force: true });
    },
  };
}

async function readContentType(metaPath: string): Promise<string> {
  try {
    const parsed = JSON.parse(await readFile(metaPath, "utf8")) as { contentType?: unknown };
    if (typeof parsed.contentType === "string" && parsed.contentType) return parsed.contentType;
  } catch {
    // A missing or damaged sidecar must not make the file unreadable.
  }
  return "application/octet-stream";
}

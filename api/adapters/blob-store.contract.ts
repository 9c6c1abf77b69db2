import { describe, expect, it } from "vitest";
import type { BlobStore } from "../services/core/blob-store";

/**
 * The behaviour every BlobStore must have, run against each implementation's test so that
 * disk, S3 and R2 stay interchangeable.
 */
export function describeBlobStoreContract(name: string, makeStore: () => BlobStore | Promise<BlobStore>) {
  describe(`${name}: BlobStore contract`, () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 255, 0]);

    it("stores bytes with their content type and reads them back", async () => {
      const store = await makeStore();
      await store.put("question-images/7/1700000000000-photo.png", png, "image/png");
      const blob = await store.get("question-images/7/1700000000000-photo.png");
      expect(blob).not.toBeNull();
      expect(blob!.contentType).toBe("image/png");
      expect(blob!.size).toBe(png.length);
      expect(await bytesOf(blob!.body)).toEqual(png);
    });

    it("accepts an ArrayBuffer and overwrites an existing key", async () => {
      const store = await makeStore();
      await store.put("csv-uploads/1/a.csv", new TextEncoder().encode("old").buffer, "text/csv");
      await store.put("csv-uploads/1/a.csv", new TextEncoder().encode("name,score\nAna,9\n"), "text/csv; charset=utf-8");
      const blob = await store.get("csv-uploads/1/a.csv");
      expect(blob!.contentType).toBe("text/csv; charset=utf-8");
      expect(new TextDecoder().decode(await bytesOf(blob!.body))).toBe("name,score\nAna,9\n");
    });

    it("returns null for a missing key", async () => {
      const store = await makeStore();
      expect(await store.get("question-images/7/never-stored.png")).toBeNull();
    });

    it("deletes, and deleting a missing key is harmless", async () => {
      const store = await makeStore();
      await store.put("question-images/7/gone.png", png, "image/png");
      await store.delete("question-images/7/gone.png");
      expect(await store.get("question-images/7/gone.png")).toBeNull();
      await expect(store.delete("question-images/7/gone.png")).resolves.toBeUndefined();
    });

    it.each(["../secret", "a/../../etc/passwd", "/etc/passwd", "a\\b", "a//b", "", ".", "a/./b", "a/%2e%2e/b", "a\u0000b"])(
      "rejects the unsafe key %j on put, get and delete",
      async (key) => {
        const store = await makeStore();
        await expect(store.put(key, png, "image/png")).rejects.toThrow(/Unsafe blob key/);
        await expect(store.get(key)).rejects.toThrow(/Unsafe blob key/);
        await expect(store.delete(key)).rejects.toThrow(/Unsafe blob key/);
      },
    );
  });
}

export async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

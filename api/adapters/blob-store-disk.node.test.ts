import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeBlobStoreContract } from "./blob-store.contract";
import { createDiskBlobStore } from "./blob-store-disk.node";

const roots: string[] = [];
async function freshRoot() {
  const root = await mkdtemp(join(tmpdir(), "quiz-blobs-"));
  roots.push(root);
  return root;
}
afterAll(async () => {
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

describeBlobStoreContract("disk", async () => createDiskBlobStore(await freshRoot()));

describe("disk blob store", () => {
  it("keeps the bytes inside objects/ and leaves no temp files behind", async () => {
    const root = await freshRoot();
    const store = createDiskBlobStore(root);
    await store.put("question-images/3/x.png", new Uint8Array([1, 2, 3]), "image/png");
    expect(await readFile(join(root, "objects/question-images/3/x.png"))).toEqual(Buffer.from([1, 2, 3]));
    expect(JSON.parse(await readFile(join(root, "meta/question-images/3/x.png.json"), "utf8"))).toEqual({ contentType: "image/png" });
    expect(await readdir(join(root, "tmp"))).toEqual([]);
  });

  it("never writes outside its root for a traversal key", async () => {
    const root = await freshRoot();
    const store = createDiskBlobStore(join(root, "store"));
    await expect(store.put("../escaped.txt", new Uint8Array([1]), "text/plain")).rejects.toThrow();
    expect(await readdir(root)).toEqual([]);
  });

  it("falls back to application/octet-stream when the sidecar is missing", async () => {
    const root = await freshRoot();
    const store = createDiskBlobStore(root);
    await store.put("csv-uploads/1/a.csv", new Uint8Array([65]), "text/csv");
    await rm(join(root, "meta/csv-uploads/1/a.csv.json"));
    expect((await store.get("csv-uploads/1/a.csv"))?.contentType).toBe("application/octet-stream");
  });
});

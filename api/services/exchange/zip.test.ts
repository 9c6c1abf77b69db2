import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ZIP_LIMITS } from "./limits";
import { readZip } from "./zip";

const text = (value: string) => new TextEncoder().encode(value);
const refusal = (bytes: Uint8Array) => {
  try {
    readZip(bytes);
  } catch (error) {
    return error as { status: number; code: string; params?: Record<string, unknown>; fieldErrors?: Record<string, unknown> };
  }
  throw new Error("the package was read");
};

/**
 * Rewrites what every local and central header says an entry unpacks to, as a bomb's maker
 * does: the bytes inside stay what they are.
 */
function declareSizes(zip: Uint8Array, size: (index: number) => number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  let local = 0;
  for (let i = 0; view.getUint32(local, true) === 0x04034b50; i++) {
    view.setUint32(local + 22, size(i), true);
    local += 30 + view.getUint32(local + 18, true) + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  }
  let central = local;
  for (let i = 0; view.getUint32(central, true) === 0x02014b50; i++) {
    view.setUint32(central + 24, size(i), true);
    central += 46 + view.getUint16(central + 28, true) + view.getUint16(central + 30, true) + view.getUint16(central + 32, true);
  }
  return out;
}

/** A package of `count` copies of a one-entry package's entry (named a, b, c…): one compression for many big entries. */
function repeatEntry(single: Uint8Array, count: number): Uint8Array {
  const view = new DataView(single.buffer, single.byteOffset, single.byteLength);
  const end = single.length - 22;
  const centralAt = view.getUint32(end + 16, true);
  const local = single.subarray(0, centralAt);
  const central = single.subarray(centralAt, end);
  const out = new Uint8Array(count * (local.length + central.length) + 22);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < count; i++) {
    out.set(local, i * local.length);
    out[i * local.length + 30] = 0x61 + i;
    const at = count * local.length + i * central.length;
    out.set(central, at);
    out[at + 46] = 0x61 + i;
    outView.setUint32(at + 42, i * local.length, true);
  }
  const eocd = out.length - 22;
  out.set(single.subarray(end), eocd);
  outView.setUint16(eocd + 8, count, true);
  outView.setUint16(eocd + 10, count, true);
  outView.setUint32(eocd + 12, count * central.length, true);
  outView.setUint32(eocd + 16, count * local.length, true);
  return out;
}

describe("readZip (ADR 0084)", () => {
  it("reads a package's files by path, folders left out", () => {
    const files = readZip(zipSync({ "imsmanifest.xml": text("<manifest/>"), "items/": new Uint8Array(0), "items/a.xml": text("<a/>") }));
    expect([...files.keys()].sort()).toEqual(["imsmanifest.xml", "items/a.xml"]);
    expect(new TextDecoder().decode(files.get("items/a.xml"))).toBe("<a/>");
  });

  it("gives each entry a buffer of its own, a stored one too (not a view of the package a thread would clone whole)", () => {
    const image = Uint8Array.from({ length: 5000 }, (_, i) => i % 251);
    const zip = zipSync({ "a.png": image, "b.xml": text("<b/>".repeat(500)) }, { level: 0 });
    const files = readZip(zip);
    expect(files.get("a.png")).toEqual(image);
    for (const bytes of files.values()) expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });

  it("refuses a file that is no ZIP, and a damaged one, with a 400 on the file", () => {
    expect(refusal(text("question,optionType\n"))).toMatchObject({ status: 400, code: "ZIP_NOT_A_ZIP", fieldErrors: { location: expect.anything() } });
    const whole = zipSync({ "a.xml": text("<a>".repeat(1000)) });
    expect(refusal(whole.slice(0, whole.length - 10))).toMatchObject({ status: 400, code: "ZIP_UNREADABLE" });
  });

  it.each(["../evil.xml", "items/../../evil.xml", "/etc/passwd", "C:/evil.xml", "items\\..\\evil.xml"])("refuses the whole package when a path climbs out: %s", (name) => {
    const zip = zipSync({ "imsmanifest.xml": text("<manifest/>"), [name]: text("x") });
    expect(refusal(zip)).toMatchObject({ status: 400, code: "ZIP_UNSAFE_PATH", params: { name } });
  });

  it("refuses a package of 100,000 entries from its directory", () => {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < 100_000; i++) entries[`f${i}`] = new Uint8Array(0);
    expect(refusal(zipSync(entries, { level: 0 }))).toMatchObject({ code: "ZIP_TOO_MANY_ENTRIES", params: { max: ZIP_LIMITS.maxEntries } });
  });

  it("refuses a ~1 MB package whose entries say they unpack to 10 GB, before inflating any", () => {
    // 10 entries of 100 KB of noise (so the package weighs ~1 MB), each saying it is 1 GB.
    const noise = (seed: number) => Uint8Array.from({ length: 100_000 }, (_, i) => (i * 2654435761 + seed) >>> 24);
    const honest = zipSync(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`big${i}.bin`, noise(i)])), { level: 0 });
    expect(honest.length).toBeGreaterThan(900_000);
    expect(refusal(declareSizes(honest, () => 2 ** 30))).toMatchObject({ code: "ZIP_ENTRY_TOO_LARGE", params: { name: "big0.bin" } });
    // 600 entries under the per-file cap that add up to ~11 GB: the total refuses them.
    const many = zipSync(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`part${i}.bin`, new Uint8Array(10)])));
    expect(refusal(declareSizes(many, () => ZIP_LIMITS.maxEntryBytes - 1))).toMatchObject({ code: "ZIP_TOO_LARGE" });
  });

  it("stops inflating an entry whose header lies about its size once its real bytes pass the cap", () => {
    const zeros = new Uint8Array(ZIP_LIMITS.maxEntryBytes + 1024 * 1024);
    const bomb = zipSync({ "item.xml": zeros }, { level: 1 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(refusal(declareSizes(bomb, () => 1000))).toMatchObject({ code: "ZIP_ENTRY_TOO_LARGE", params: { name: "item.xml" } });
  });

  it("stops inflating when the real bytes of all entries pass the total cap, whatever the headers say", () => {
    const single = zipSync({ a: new Uint8Array(ZIP_LIMITS.maxEntryBytes - 1024) }, { level: 1 });
    const six = repeatEntry(single, 6);
    expect([...readZip(repeatEntry(single, 4)).keys()]).toEqual(["a", "b", "c", "d"]);
    expect(refusal(declareSizes(six, () => 1000))).toMatchObject({ code: "ZIP_TOO_LARGE" });
  });
});

import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Pacer } from "../../imports/time-slices";
import type { ExportQuestion } from "./export-question";
import { imagePath, itemIdentifier, itemPath, qtiItem } from "./qti-item";
import { el, type Xml, xmlDocument } from "./xml";

/** The content package's manifest namespace for QTI 3.0 (IMS CP 1.1 as QTI 3.0 profiles it). */
export const MANIFEST_NAMESPACE = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1";
const LOM_NAMESPACE = "http://ltsc.ieee.org/xsd/LOM";
const MANIFEST_SCHEMA = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd";

const encoder = new TextEncoder();
/** Bytes compressed between two turns of the event loop. */
const PIECE = 64 * 1024;

/**
 * A QTI 3.0 content package: `imsmanifest.xml` naming one item resource per question (its
 * file, its tags as LOM keywords, a dependency on its image) and each image as a webcontent
 * resource, the items under `items/`, the images under `images/`. Zipped with fflate (issue 28:
 * the one ZIP library); images are stored, not deflated again (they are compressed already).
 */
export async function writeQtiPackage(questions: readonly ExportQuestion[], place: { category: string; course: string }, pacer?: Pacer): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  // fflate's streaming zip: each entry is compressed as it is added (synchronously), so the
  // pacer can give the event loop back between questions.
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const added = new Set<string>();
  const add = async (path: string, bytes: Uint8Array, compress: "small" | "large" | false) => {
    // One entry per path: a ZIP with two of one name is read differently by different tools.
    if (added.has(path)) return;
    added.add(path);
    // A small entry (an item, a few KB) with the least deflate memory: a default state per item
    // (thousands of them) cost 5× the time in allocation and collection, for the same size.
    const entry = compress ? new ZipDeflate(path, { level: 6, mem: compress === "small" ? 0 : 8 }) : new ZipPassThrough(path);
    zip.add(entry);
    // A large entry (the manifest of a big bank, an image) is compressed a piece at a time.
    for (let at = 0; ; at += PIECE) {
      const last = at + PIECE >= bytes.length;
      entry.push(bytes.subarray(at, at + PIECE), last);
      if (last) break;
      await pacer?.tick();
    }
  };
  // The manifest's resources are written with their items (5,000 at once held the loop 0.3 s).
  const resources: Xml[] = [];
  for (const question of questions) {
    await pacer?.tick();
    await add(itemPath(question), encoder.encode(qtiItem(question)), "small");
    if (question.image) await add(imagePath(question.image.name), question.image.bytes, false);
    resources.push(...manifestResources(question));
  }
  // Last in the package: readers find it by name in the ZIP's directory, not by its place.
  await pacer?.rest();
  await add("imsmanifest.xml", encoder.encode(qtiManifest(resources, place)), "large");
  zip.end();
  return concat(chunks);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A question's resources in the manifest: its item (file, tags as LOM keywords, the image it depends on), then its image. */
export function manifestResources(question: ExportQuestion): Xml[] {
  const imageId = `${itemIdentifier(question)}-image`;
  const keywords =
    question.tags.length === 0 ? null : el("metadata", null, el("lom", { xmlns: LOM_NAMESPACE }, el("general", null, question.tags.map((tag) => el("keyword", null, el("string", null, tag))))));
  const item = el(
    "resource",
    { identifier: itemIdentifier(question), type: "imsqti_item_xmlv3p0", href: itemPath(question) },
    keywords,
    el("file", { href: itemPath(question) }),
    question.image ? el("dependency", { identifierref: imageId }) : null,
  );
  if (!question.image) return [item];
  const href = imagePath(question.image.name);
  return [item, el("resource", { identifier: imageId, type: "webcontent", href }, el("file", { href }))];
}

export function qtiManifest(resources: readonly Xml[], place: { category: string; course: string }): string {
  return xmlDocument(
    el(
      "manifest",
      {
        xmlns: MANIFEST_NAMESPACE,
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "xsi:schemaLocation": `${MANIFEST_NAMESPACE} ${MANIFEST_SCHEMA}`,
        identifier: "MANIFEST-quiz-export",
      },
      el("metadata", null, el("schema", null, "QTI Package"), el("schemaversion", null, "3.0.0"), el("lom", { xmlns: LOM_NAMESPACE }, el("general", null, el("title", null, el("string", null, `${place.category} / ${place.course}`))))),
      el("organizations"),
      el("resources", null, resources),
    ),
  );
}

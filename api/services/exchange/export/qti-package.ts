import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Pacer } from "../../imports/time-slices";
import type { ExportQuestion } from "./export-question";
import { imagePath, itemIdentifier, itemPath, qtiItem } from "./qti-item";
import { el, xmlDocument } from "./xml";

/** The content package's manifest namespace for QTI 3.0 (IMS CP 1.1 as QTI 3.0 profiles it). */
export const MANIFEST_NAMESPACE = "http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1";
const LOM_NAMESPACE = "http://ltsc.ieee.org/xsd/LOM";
const MANIFEST_SCHEMA = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd";

const encoder = new TextEncoder();

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
  const add = (path: string, bytes: Uint8Array, compress: boolean) => {
    const entry = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
    zip.add(entry);
    entry.push(bytes, true);
  };
  add("imsmanifest.xml", encoder.encode(qtiManifest(questions, place)), true);
  for (const question of questions) {
    await pacer?.tick();
    add(itemPath(question), encoder.encode(qtiItem(question)), true);
    if (question.image) add(imagePath(question.image.name), question.image.bytes, false);
  }
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

export function qtiManifest(questions: readonly ExportQuestion[], place: { category: string; course: string }): string {
  const imageId = (question: ExportQuestion) => `${itemIdentifier(question)}-image`;
  const keywords = (question: ExportQuestion) =>
    question.tags.length === 0
      ? null
      : el("metadata", null, el("lom", { xmlns: LOM_NAMESPACE }, el("general", null, question.tags.map((tag) => el("keyword", null, el("string", null, tag))))));
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
      el(
        "resources",
        null,
        questions.map((question) =>
          el(
            "resource",
            { identifier: itemIdentifier(question), type: "imsqti_item_xmlv3p0", href: itemPath(question) },
            keywords(question),
            el("file", { href: itemPath(question) }),
            question.image ? el("dependency", { identifierref: imageId(question) }) : null,
          ),
        ),
        questions.flatMap((question) =>
          question.image ? [el("resource", { identifier: imageId(question), type: "webcontent", href: imagePath(question.image.name) }, el("file", { href: imagePath(question.image.name) }))] : [],
        ),
      ),
    ),
  );
}

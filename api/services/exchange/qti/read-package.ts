import type { ImportCandidate } from "../../imports/import-summary";
import { MAX_IMPORT_ROWS, tooManyRows } from "../../imports/parse-csv";
import { createPacer } from "../../imports/time-slices";
import { readZip, refusePackage } from "../zip";
import { itemToQuestion } from "./item-to-question";
import { readManifest } from "./manifest";


/**
 * An IMS content package of QTI items → question inputs (ADR 0084). The package is refused as a
 * whole (400, nothing stored) when it is no ZIP, passes a cap of limits.ts, has a path that
 * climbs out, has no readable manifest, misses a file its manifest names, declares XML
 * entities anywhere, or holds more items than a file may hold questions. Otherwise each item
 * is a candidate numbered in the manifest's order, or a rejected one with its reason and its
 * path (`item`), so the summary names it.
 */
export async function parseQti(bytes: Uint8Array, place: { category: string; course: string }): Promise<ImportCandidate[]> {
  const files = readZip(bytes);
  const items = readManifest(files);
  if (items.length > MAX_IMPORT_ROWS) throw tooManyRows(items.length);
  const pacer = createPacer();
  const candidates: ImportCandidate[] = [];
  for (const [index, { href, tags }] of items.entries()) {
    await pacer.tick();
    const number = index + 1;
    const mapped = itemToQuestion(files, href, { ...place, tags });
    if ("entities" in mapped) throw refusePackage("QTI_XML_ENTITIES");
    if ("reason" in mapped) candidates.push({ number, problems: [{ code: mapped.reason, values: { item: href.slice(0, 200), ...mapped.values } }] });
    else candidates.push(mapped.files.length > 0 ? { number, input: mapped.input, files: mapped.files } : { number, input: mapped.input });
  }
  return candidates;
}

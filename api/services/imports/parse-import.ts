import type { AppServices } from "../core/app-services";
import type { ParseImportJob } from "../core/heavy-jobs";
import type { ImportCandidate } from "./import-summary";
import { parseCsv } from "./parse-csv";
import { parseGift } from "./parse-gift";
import { parseRoster } from "../classes/parse-roster";
import { parseQti } from "../exchange/qti/read-package";
import { parseMoodleXml } from "../exchange/moodlexml/parse-moodle-xml";

/** The parse itself: whole-file problems throw Invalid (400) before anything is stored. */
export function parseImportFile(job: ParseImportJob): Promise<ImportCandidate[]> {
  if (job.format === "ROSTER") return parseRoster(job.text) as Promise<ImportCandidate[]>;
  if (job.format === "QTI") return parseQti(job.bytes, job.place);
  if (job.format === "MOODLEXML") return parseMoodleXml(job.text, job.place);
  return job.format === "CSV" ? parseCsv(job.text) : parseGift(job.text, job.place);
}

/**
 * Where the parse runs: in a worker thread on Node (services.parseImport,
 * server/import-parse-pool.node.ts), where a 10,000-row file is ~0.2 s of CPU in one piece;
 * elsewhere here (Workers, tests). The same function either way (docs/decisions/0032).
 */
export function parseImport(services: AppServices, job: ParseImportJob): Promise<ImportCandidate[]> {
  // The thread answers parseImportFile's own rows, cloned: the base types them only as loosely as it may know them.
  return services.parseImport ? (services.parseImport(job) as Promise<ImportCandidate[]>) : parseImportFile(job);
}

import { DEFAULT_LANGUAGE, type Language } from "../../../locales/languages";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertMayCreateClass } from "../core/permissions";
import { readImportFile } from "../imports/import-file";
import { parseImport } from "../imports/parse-import";
import { say } from "../message-codes";
import { createRosterImport, failRosterImport, finishRosterImport, rosterProgress } from "./import-record";
import { loadManagedClass } from "./load-class";
import type { RosterRow } from "./parse-roster";
import { ClassImportInput } from "./schemas";
import { storeRoster } from "./store-roster";

export interface AcceptedRosterImport {
  message: string;
  code: string;
  importId: number;
  work: () => Promise<void>;
}

/**
 * POST /api/classes/import: a roster CSV (fullname,email) uploaded as the question CSV is
 * (folder csv-uploads, same size limit) into a class the caller manages. The file is parsed
 * off the event loop by the import threads (imports/parse-import.ts, format ROSTER) with the
 * question import's row cap; a whole-file problem is a 400 before anything is stored. `work`
 * stores the rows after the 202 and never rejects: a failure is logged and recorded. New
 * accounts are invited in `language`, the page's the teacher imported from (English if unknown).
 */
export async function startRosterImport(services: AppServices, caller: Caller, input: unknown, options: { language?: Language } = {}): Promise<AcceptedRosterImport> {
  assertMayCreateClass(caller);
  const data = ClassImportInput.parse(input);
  const klass = await loadManagedClass(services, caller, data.classId);
  const text = await readImportFile(services, caller, data.location);
  const rows = (await parseImport(services, { format: "ROSTER", text })) as RosterRow[];
  const fileName = data.location.split("/").pop()!.replace(/^\d+-[a-z0-9]+-/, "");
  const importId = await createRosterImport(services, caller, klass.id, fileName, rows.length);
  return {
    ...say("CLASS_IMPORT_STARTED"),
    importId,
    work: async () => {
      try {
        const summary = await storeRoster(services, caller, { ...klass, invitationLanguage: options.language ?? DEFAULT_LANGUAGE }, rows, rosterProgress(services, importId));
        await finishRosterImport(services, importId, summary, rows.length);
      } catch (error) {
        console.error("roster import failed", error);
        await failRosterImport(services, importId).catch(() => {});
      }
    },
  };
}

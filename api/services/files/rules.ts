import type { Caller } from "../../env";
import { AppError, Forbidden } from "../../errors";
import { mayManageFiles } from "../core/permissions";

/** Where uploads may go: question images, and CSV files of questions to import. */
export const UPLOAD_FOLDERS = ["question-images", "csv-uploads"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "5 MB";

/** Authoring (question images, CSV import) is for authors: docs/decisions/0029. */
export const canManageFiles = mayManageFiles;

export function assertCanManageFiles(caller: Caller): void {
  if (!mayManageFiles(caller)) throw new Forbidden();
}

export class FileTooLarge extends AppError {
  constructor() {
    super(413, `The file is too large. The maximum size is ${MAX_UPLOAD_LABEL}`, { file: `The maximum size is ${MAX_UPLOAD_LABEL}` });
  }
}

import type { Caller } from "../../env";
import { AppError, Forbidden } from "../../errors";

/** Where uploads may go: question images, and CSV files of questions to import. */
export const UPLOAD_FOLDERS = ["question-images", "csv-uploads"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "5 MB";

/** Authoring (question images, CSV import) is for teachers and the business owner. */
export function canManageFiles(caller: Caller): boolean {
  return caller.userType === "Teacher" || caller.userType === "Admin" || caller.profile === 2;
}

export function assertCanManageFiles(caller: Caller): void {
  if (!canManageFiles(caller)) throw new Forbidden();
}

export class FileTooLarge extends AppError {
  constructor() {
    super(413, `The file is too large. The maximum size is ${MAX_UPLOAD_LABEL}`, { file: `The maximum size is ${MAX_UPLOAD_LABEL}` });
  }
}

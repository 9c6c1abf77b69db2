import { AppError } from "../core/errors";

/** Where uploads may go: question images, and CSV files of questions to import. */
export const UPLOAD_FOLDERS = ["question-images", "csv-uploads"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "5 MB";

const GB = 1024 * 1024 * 1024;
/**
 * Uploads a real author never reaches (docs/decisions/0032): a question image every 30 s for
 * an hour, 2 GB of files per account (400 images at the 5 MB maximum, thousands of usual
 * ones) and 20 GB per business. A script that uploads without end is stopped by all three.
 */
export const UPLOAD_LIMITS = {
  perHour: 120,
  accountBytes: 2 * GB,
  accountLabel: "2 GB",
  businessBytes: 20 * GB,
  businessLabel: "20 GB",
} as const;

export const UPLOAD_MESSAGES = {
  /** + " Please try again in N minutes." (rate-limit.ts tryAgainIn). */
  tooMany: "Too many uploads",
  accountQuota: `Your uploaded files have reached the limit of ${UPLOAD_LIMITS.accountLabel} per account`,
  businessQuota: `The uploaded files of your school have reached the limit of ${UPLOAD_LIMITS.businessLabel}`,
} as const;

/** 413 in the API's envelope, on the file field, like FileTooLarge. */
export class UploadQuotaReached extends AppError {
  constructor(message: string) {
    super(413, message, { file: message });
  }
}

export class FileTooLarge extends AppError {
  constructor() {
    super(413, `The file is too large. The maximum size is ${MAX_UPLOAD_LABEL}`, { file: `The maximum size is ${MAX_UPLOAD_LABEL}` });
  }
}

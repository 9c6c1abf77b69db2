import { AppError } from "../core/errors";
import { say } from "../message-codes";

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

/** 413 in the API's envelope, on the file field, like FileTooLarge: which quota, with its size. */
export class UploadQuotaReached extends AppError {
  constructor(quota: "account" | "business") {
    const said = quota === "account" ? say("UPLOAD_ACCOUNT_QUOTA", { max: UPLOAD_LIMITS.accountLabel }) : say("UPLOAD_BUSINESS_QUOTA", { max: UPLOAD_LIMITS.businessLabel });
    super(413, said, { file: said });
  }
}

export class FileTooLarge extends AppError {
  constructor() {
    super(413, say("FILE_TOO_LARGE", { max: MAX_UPLOAD_LABEL }), { file: say("FILE_MAX_SIZE", { max: MAX_UPLOAD_LABEL }) });
  }
}

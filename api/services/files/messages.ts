import type { MessageParams } from "../core/coded";
import { tryAgainInMinutes } from "../auth/try-again";

/*
 * The upload verbs' texts, in a module of texts only (the message catalogue,
 * api/services/message-codes.ts, imports it): templates whose values travel in the envelope's
 * `params` (docs/decisions/0061-codes-and-params.md).
 */

export const FILE_MESSAGES = {
  /** { max }: the size limit as people read it ("5 MB"). */
  tooLarge: "The file is too large. The maximum size is {{max}}",
  /** The same, on the file field. */
  maxSize: "The maximum size is {{max}}",
} as const;

export const UPLOAD_MESSAGES = {
  /** { minutes }: the wait. */
  tooMany: (params: MessageParams) => `Too many uploads. ${tryAgainInMinutes(Number(params.minutes))}`,
  /** { max }: the quota ("2 GB"). */
  accountQuota: "Your uploaded files have reached the limit of {{max}} per account",
  businessQuota: "The uploaded files of your school have reached the limit of {{max}}",
} as const;

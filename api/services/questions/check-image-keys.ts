import { and, eq, inArray } from "drizzle-orm";
import { files } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { type FieldSayings, Invalid } from "../core/errors";
import { IMAGE_NOT_UPLOADED } from "./messages";
import { say } from "../message-codes";

const IMAGE_FOLDER = "question-images/";

/**
 * A question may only point at images its own business uploaded to question-images
 * (POST /api/files/upload): a made-up key, a CSV upload or another school's image is a
 * 400 on the field that named it, so a signed URL is never minted for someone else's file.
 */
export async function checkImageKeys(
  services: AppServices,
  businessId: number,
  keys: { questionImage: string | null; image: string | null },
): Promise<void> {
  const wanted = Object.entries(keys).filter((entry): entry is [string, string] => entry[1] !== null);
  if (wanted.length === 0) return;
  const found = await services.db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.businessId, businessId), inArray(files.key, wanted.map(([, key]) => key))));
  const known = new Set(found.map((row) => row.key));
  const errors: FieldSayings = {};
  for (const [field, key] of wanted) if (!key.startsWith(IMAGE_FOLDER) || !known.has(key)) errors[field] = say("IMAGE_NOT_UPLOADED");
  if (Object.keys(errors).length > 0) throw new Invalid(say("IMAGE_NOT_UPLOADED"), errors);
}

/** Kept here for the verb's callers; the text lives in messages.ts, which the message catalogue reads. */
export { IMAGE_NOT_UPLOADED };

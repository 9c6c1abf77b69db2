import { AppError, Invalid } from "../../api/services/core/errors";
import { readBodyWithin, REQUEST_TOO_LARGE } from "../../api/services/core/read-body";

/**
 * A page action's form, read only while it stays within `maxBytes`: for an action asked again
 * and again whose real forms are far smaller than the pages' common limit (2 MiB,
 * server/page-body-limit.ts), so that no request makes it buffer and parse more than its own
 * fields can hold. A declared length over the limit is refused without reading a byte; a
 * chunked body is read up to the limit. Over it: 413; a body that is no form: 400.
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData> {
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw new AppError(413, REQUEST_TOO_LARGE);
  const bytes = request.body ? await readBodyWithin(request.body, maxBytes) : new Uint8Array();
  if (!bytes) throw new AppError(413, REQUEST_TOO_LARGE);
  try {
    return await new Response(bytes, { headers: { "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" } }).formData();
  } catch {
    throw new Invalid(MALFORMED_FORM);
  }
}

export const MALFORMED_FORM = "Malformed request body";

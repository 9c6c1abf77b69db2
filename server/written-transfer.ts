import type { WrittenExport } from "../api/services/core/heavy-jobs";

/** A written package's buffer, to hand to the serving loop rather than copy (a text body is cloned). */
export function writtenTransfer({ body }: WrittenExport): ArrayBuffer[] {
  return body instanceof Uint8Array && body.buffer instanceof ArrayBuffer ? [body.buffer] : [];
}

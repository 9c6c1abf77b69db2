import { ZodError } from "zod";
import { AppError } from "../../../api/services/core/errors";

/**
 * Why a certificate cannot be shown, as every certificate dialog and PDF route tells it:
 * "revoked" for a rejected result (ADR 0039); "unavailable" ('Not enough information') for an
 * attempt that is not the caller's to certify, unknown, not a number, still running or awaiting marking; null
 * for anything else, which the caller rethrows as a real failure.
 */
export function certificateRefusal(error: unknown): "revoked" | "unavailable" | null {
  if (error instanceof AppError && error.code === "CERTIFICATE_REVOKED") return "revoked";
  // An attempt awaiting marking (issue 26: an essay not yet graded) has no certificate yet either,
  // nor one below its quiz's pass mark unless the owner issues completion certificates (ADR 0076).
  if (error instanceof ZodError || (error instanceof AppError && (error.status === 400 || error.status === 404 || error.code === "AWAITING_MARKING" || error.code === "CERTIFICATE_BELOW_PASS_MARK"))) return "unavailable";
  return null;
}

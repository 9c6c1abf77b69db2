import { eq } from "drizzle-orm";
import { certificates } from "../../../db/schema";
import type { CertificateKind } from "../../../db/schema/exam-extras";
import { adminSettingRow } from "../admin-settings/get-admin-setting";
import type { AppServices } from "../core/app-services";
import { certificateKindFor } from "./certificate-kind";

/**
 * What the certificate of a finished, marked attempt certifies (ADR 0076), for a dialog that
 * shows it before anyone downloads it (the owner's board): the kind kept on its row once issued
 * (a later change of the pass mark changes no certificate), else what issuing it now would
 * give; null for none (below the pass mark while the owner issues no completion certificates).
 */
export async function certificateKindOfAttempt(
  services: AppServices,
  attempt: { id: number; businessId: number; percentage: number },
  passPercentage: number | null,
): Promise<CertificateKind | null> {
  const [[issued], setting] = await Promise.all([
    services.db.select({ kind: certificates.kind }).from(certificates).where(eq(certificates.attemptId, attempt.id)).limit(1),
    adminSettingRow(services, attempt.businessId),
  ]);
  return issued?.kind ?? certificateKindFor(attempt.percentage, passPercentage, setting.completionCertificateBelowPass);
}

import { useTranslation } from "react-i18next";
import type { CertificateKind } from "../../../db/schema/exam-extras";

/**
 * What a certificate certifies, in words (ADR 0076): the line every certificate dialog shows
 * (the student's, the stats page's, the owner's board's) above its Download button, whose
 * name says it again (certificateDownloadKey).
 */
export function CertificateKindNote({ kind }: { kind: CertificateKind }) {
  const { t } = useTranslation("common");
  return (
    <p className="certificate-kind" data-kind={kind}>
      <strong className="certificate-kind__name">{t(`passMark.certificate.${kind}`)}</strong>{" "}
      <span>{t(`passMark.certificateWhat.${kind}`)}</span>
    </p>
  );
}

/** The Download button's words for a certificate of this kind ("Download the certificate of achievement (PDF)"). */
export const certificateDownloadKey = (kind: CertificateKind) => `common:passMark.certificateDownload.${kind}` as const;

import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { AppError } from "../../api/services/core/errors";
import { clientAddressOf } from "../../api/services/auth/client-address";
import { formatCertificateDate, formatPercentage } from "../../api/services/certificates/format";
import { CertificateRevoked, verifyCertificate } from "../../api/services/certificates/verify-certificate";
import { Alert } from "../components/ui/Alert";
import { servicesContext } from "../context";
import type { Language } from "../i18n/languages";
import { loaderFailure } from "../utils/loader-failure.server";
import type { Route } from "./+types/verify-certificate";
import { routeMessages, useRouteMessages } from "../i18n/route-messages";
import { useTimeZone } from "../components/layout/use-time-zone";
import { ResultFacts } from "../components/results/ResultFacts";

/**
 * /quiz/verify/{code}: the page a certificate's QR code and short URL open, for anyone (no
 * sign-in). It says plainly whether the certificate is genuine and what it attests, by the
 * same verb as GET /api/certificates/{code}. An unknown code is a 404 page that says so; the
 * certificate of a result its school rejected is a 410 page that says it is revoked and not
 * valid (ADR 0039).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const messages = routeMessages(request, "stats", "results");
  try {
    const certificate = await verifyCertificate(context.get(servicesContext), { code: params.code }, { clientAddress: clientAddressOf(request.headers) });
    return { certificate, revokedBy: null, messages };
  } catch (error) {
    if (error instanceof CertificateRevoked) return data({ certificate: null, revokedBy: error.issuer, messages }, { status: 410 });
    if (error instanceof AppError && error.status === 404) return data({ certificate: null, revokedBy: null, messages }, { status: 404 });
    throw loaderFailure(error);
  }
}

/** Names on a public address: not for search engines. */
export function headers() {
  return { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" };
}

export default function VerifyCertificate({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t, i18n } = useTranslation(["results", "stats", "common"]);
  const language = i18n.language as Language;
  const timeZone = useTimeZone();
  const { certificate, revokedBy } = loaderData;
  const facts: [string, string][] = certificate
    ? [
        [t("certificate.verify.student"), certificate.studentName],
        [t("certificate.verify.quiz"), certificate.quizName],
        [t("certificate.verify.score"), formatPercentage(certificate.percentage, language)],
        [t("certificate.verify.completed"), formatCertificateDate(new Date(certificate.completedAt), language, timeZone)],
        [t("certificate.verify.issued"), formatCertificateDate(new Date(certificate.issuedAt), language, timeZone)],
        // ADR 0076: what it certifies, achievement (passed) or completion.
        [t("passMark.kindLabel"), t(`passMark.kind.${certificate.kind}`)],
      ]
    : [];
  return (
    <section className="auth-card auth-card--wide certificate-check" aria-labelledby="certificate-check-title">
      <title>{`${t("certificate.verify.title")} · ${t("common:app.name")}`}</title>
      <meta name="robots" content="noindex" />
      <header className="auth-card__header">
        <h1 id="certificate-check-title" className="auth-card__title">
          {t("certificate.verify.title")}
        </h1>
      </header>
      {certificate ? (
        <>
          <Alert variant="success" title={t("certificate.verify.genuine")} isDismissable={false} autoHideMs={null}>
            {t("certificate.verify.genuineDetail", { issuer: certificate.issuer })}
          </Alert>
          <ResultFacts facts={facts} className="certificate-check__facts" />
        </>
      ) : revokedBy !== null ? (
        <Alert variant="danger" title={t("stats:revoked.check")} isDismissable={false} autoHideMs={null}>
          {t("stats:revoked.checkDetail", { issuer: revokedBy })}
        </Alert>
      ) : (
        <Alert variant="danger" title={t("certificate.verify.invalid")} isDismissable={false} autoHideMs={null}>
          {t("certificate.verify.invalidDetail")}
        </Alert>
      )}
    </section>
  );
}

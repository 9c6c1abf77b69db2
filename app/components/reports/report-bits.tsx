import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import type { CountingRule } from "../../../api/services/reports/schemas";
import { type CodedAnswer, sayAnswer } from "../../utils/message-codes";
import { PassVerdict } from "../results/PassVerdict";
import { ButtonLink } from "../ui/ButtonLink";
import { REPORT_CODE_KEYS } from "./messages";

/** The report pages' shared bits (issue 27 point 5, ADR 0081), in the `reports` namespace. */

/** "62.5 %" in the reader's language. */
export function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 });
  return (value: number) => format.format(value / 100);
}

/** What a quiz's rule counts, and its pass mark, under its name. */
export function QuizRule({ rule, passPercentage }: { rule: CountingRule; passPercentage: number | null }) {
  const { t } = useTranslation("reports");
  return (
    <span className="reports-grid__meta">
      {t(`rule.${rule}`)}
      {passPercentage === null ? "" : ` · ${t("grid.passMark", { mark: passPercentage })}`}
    </span>
  );
}

/** A counted result: its percentage, and its verdict in words and a symbol (never colour alone), or that marking is pending. */
export function ResultCell({ percentage, passed, pending }: { percentage: number; passed: boolean | null; pending: boolean }) {
  const { t } = useTranslation("reports");
  const percent = usePercent();
  return (
    <>
      <span className="reports-cell__score">{percent(percentage)}</span>
      {pending ? <span className="reports-cell__attempts">{t("student.pending")}</span> : <PassVerdict passed={passed} />}
    </>
  );
}

/** While the next page loads (a grid of a big class takes a moment), say so to every reader. */
export function LoadingNote() {
  const { t } = useTranslation("reports");
  const loading = useNavigation().state === "loading";
  return (
    <p role="status" className="reports-muted" aria-live="polite">
      {loading ? t("loading") : ""}
    </p>
  );
}

/** A report the server would not make (too large, too many reads), said in the reader's language. */
export function ReportRefused({ refusal }: { refusal: CodedAnswer | null }) {
  const { t } = useTranslation(["reports", "common"]);
  return (
    <section className="shell-page reports" aria-labelledby="page-title">
      <title>{`${t("index.title")} · ${t("common:app.name")}`}</title>
      <div className="reports-toolbar">
        <ButtonLink to="/teacher/reports">{t("grid.back")}</ButtonLink>
      </div>
      <h1 id="page-title" className="shell-page__title">
        {t("index.title")}
      </h1>
      <p role="alert" className="classes-error">
        {refusal ? sayAnswer(t, REPORT_CODE_KEYS, refusal) : null}
      </p>
    </section>
  );
}

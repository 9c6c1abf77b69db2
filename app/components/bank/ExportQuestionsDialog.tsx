import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ExportFormat } from "../../../api/services/exchange/export/schemas";
import { apiFetch } from "../../utils/api-client";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { RadioGroup } from "../ui/RadioGroup";
import { downloadAnswer } from "./download-answer";
import { translateBankMessage } from "./messages";

export const EXPORT_URL = "/api/question/export";

type Scope = "all" | "selected";
type Outcome = { kind: "done"; fileName: string; count: number; notExported: number } | { kind: "failed"; reason: string | null };

interface Props {
  category: string;
  course: string;
  /** The questions ticked in the bank (BankSelectionBar): the chosen set. */
  selectedIds: number[];
  /** What the dialog opens on: the whole bank (the toolbar's Export) or the ticked questions (Export selected). */
  initialScope: Scope;
  onClose: () => void;
}

/**
 * Issue 28 point 3: the bank's export. The format (GIFT, Moodle XML, QTI 3.0) and what to
 * take (the whole category and course, or the questions ticked in the bank), then POST /api/question/export
 * and the browser saves the file it answers. GIFT names what it left out (ordering, cloze).
 */
export function ExportQuestionsDialog({ category, course, selectedIds, initialScope, onClose }: Props) {
  const { t } = useTranslation("bank");
  const [format, setFormat] = useState<ExportFormat>("moodlexml");
  const [scope, setScope] = useState<Scope>(selectedIds.length > 0 ? initialScope : "all");
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function run() {
    setPending(true);
    setOutcome(null);
    const body = { category, course, format, ...(scope === "selected" ? { questionIds: selectedIds } : {}) };
    try {
      const res = await apiFetch(EXPORT_URL, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!res.ok) {
        const refusal = (await res.json().catch(() => ({}))) as { message?: string; code?: string; params?: Record<string, string | number> };
        const reason = res.status === 404 ? t("exportQuestions.errors.notFound") : refusal.message ? translateBankMessage((key, values) => t(key, values ?? {}), { message: refusal.message, code: refusal.code, params: refusal.params }) : null;
        setOutcome({ kind: "failed", reason });
        return;
      }
      const { fileName } = await downloadAnswer(res);
      const notExported = (res.headers.get("x-not-exported") ?? "").split(",").filter(Boolean).length;
      setOutcome({ kind: "done", fileName, count: Number(res.headers.get("x-exported-count") ?? 0), notExported });
    } catch {
      setOutcome({ kind: "failed", reason: null });
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog title={t("exportQuestions.title")} isOpen onOpenChange={(open) => !open && !pending && onClose()} isDismissable={!pending} size="lg">
      <div className="bank-dialog__form">
        <p>{t("exportQuestions.lead")}</p>
        <RadioGroup
          label={t("exportQuestions.format")}
          value={format}
          onChange={(value) => setFormat(value as ExportFormat)}
          isDisabled={pending}
          options={[
            { value: "moodlexml", label: t("exportQuestions.moodleXml"), description: t("exportQuestions.moodleXmlHelp") },
            { value: "qti3", label: t("exportQuestions.qti"), description: t("exportQuestions.qtiHelp") },
            { value: "gift", label: t("exportQuestions.gift"), description: t("exportQuestions.giftHelp") },
          ]}
        />
        <RadioGroup
          label={t("exportQuestions.scope")}
          value={scope}
          onChange={(value) => setScope(value as Scope)}
          isDisabled={pending}
          options={[
            { value: "all", label: t("exportQuestions.scopeAll", { category, course }) },
            { value: "selected", label: t("exportQuestions.scopeSelected", { count: selectedIds.length }), isDisabled: selectedIds.length === 0 },
          ]}
        />
        {outcome?.kind === "done" && (
          <Alert variant={outcome.notExported > 0 ? "warning" : "success"} isDismissable={false} autoHideMs={null}>
            {t("exportQuestions.done", { fileName: outcome.fileName, count: outcome.count })}
            {outcome.notExported > 0 && ` ${t("exportQuestions.notExported", { count: outcome.notExported })}`}
          </Alert>
        )}
        {outcome?.kind === "failed" && (
          <Alert variant="danger" isDismissable={false} autoHideMs={null}>
            {outcome.reason ? `${t("exportQuestions.failed")}: ${outcome.reason}` : t("exportQuestions.failed")}
          </Alert>
        )}
        <div className="shell-dialog-actions">
          <Button variant="secondary" onPress={onClose} isDisabled={pending}>
            {t("exportQuestions.cancel")}
          </Button>
          <Button variant="primary" onPress={run} isPending={pending}>
            {t("exportQuestions.submit")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { uploadWithProgress } from "../bank/upload-with-progress";
import { CLASS_CODE_KEYS } from "./messages";
import { sayAnswer } from "../../utils/message-codes";
import { api, callApi } from "../../utils/api-client";

/** The import's progress and summary, as POST /api/classes/import/status documents it. */
type ImportStatus = Extract<Awaited<ReturnType<typeof readStatus>>, { ok: true }>["data"];
const readStatus = (importId: number) => callApi(() => api.classes.import.status.$post({ json: { importId } }));

/**
 * The roster import of a class page (POST /api/classes/import): the CSV goes up as the question
 * CSV does (folder csv-uploads), then the page polls the import's status and shows its progress
 * and, at the end, its summary with each rejected row's reason; the roster then reloads.
 */
export function RosterImport({ classId }: { classId: number }) {
  const { t, i18n } = useTranslation(["classes"]);
  const { revalidate } = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<"idle" | "uploading" | "importing">("idle");
  const [error, setError] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const number = new Intl.NumberFormat(i18n.language);

  useEffect(() => {
    if (importId === null) return;
    let stopped = false;
    const poll = async () => {
      const answer = await readStatus(importId);
      if (stopped || !answer.ok) return;
      const next = answer.data;
      setStatus(next);
      if (next.status === "running") setTimeout(poll, 700);
      else {
        setPhase("idle");
        void revalidate();
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [importId, revalidate]);

  async function start(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError(t("import.chooseFile"));
    setError(null);
    setStatus(null);
    setPhase("uploading");
    const form = new FormData();
    form.set("file", file);
    form.set("folder", "csv-uploads");
    const stored = await uploadWithProgress("/api/files/upload", form, () => {});
    const location = stored.status === 201 ? stored.body?.key : undefined;
    if (!location) {
      setPhase("idle");
      return setError(stored.body ? sayAnswer(t, CLASS_CODE_KEYS, { message: stored.body.message ?? t("import.failed"), code: stored.body.code, params: stored.body.params }) : t("import.failed"));
    }
    setPhase("importing");
    const answer = await callApi(() => api.classes.import.$post({ json: { classId, location } }));
    if (!answer.ok) {
      setPhase("idle");
      return setError(answer.offline ? t("import.failed") : sayAnswer(t, CLASS_CODE_KEYS, answer));
    }
    setImportId(answer.data.importId);
  }

  const percent = status && status.total > 0 ? Math.round((status.processed / status.total) * 100) : 0;
  return (
    <form className="classes-import" onSubmit={start} aria-labelledby="import-title">
      <h2 id="import-title" className="classes-section__title">
        {t("import.title")}
      </h2>
      <p className="ui-field__description" id="import-hint">
        {t("import.hint")}
      </p>
      <div className="classes-inline">
        <input type="file" name="file" accept=".csv,text/csv" aria-label={t("import.file")} aria-describedby="import-hint" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <button type="submit" className="ui-button ui-button--secondary ui-button--md" disabled={phase !== "idle"}>
          {t("import.button")}
        </button>
      </div>
      {error ? (
        <p role="alert" className="classes-error">
          {error}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {phase === "uploading" ? <p>{t("import.uploading")}</p> : null}
        {status?.status === "running" ? (
          <p>
            <progress max={100} value={percent} aria-label={t("import.progress")} /> {t("import.processed", { processed: number.format(status.processed), total: number.format(status.total) })}
          </p>
        ) : null}
        {status && status.status !== "running" ? (
          <div className="classes-summary">
            <p>
              {status.status === "failed"
                ? t("import.failedMidway")
                : t("import.summary", { created: number.format(status.created), existing: number.format(status.existing), rejected: number.format(status.rejectedCount), duplicates: number.format(status.duplicates) })}
            </p>
            {status.rejected.length > 0 ? (
              <ul className="classes-summary__rows">
                {status.rejected.map((row) => (
                  <li key={row.number}>{t("import.row", { number: row.number, reason: t(`reasons.${row.reason}`) })}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}

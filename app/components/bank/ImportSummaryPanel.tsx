import type { TFunction } from "i18next";
import { useId } from "react";
import { Label, ProgressBar } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { describeProblems } from "../../../api/services/imports/describe-problems";
import { Alert } from "../ui/Alert";
import { Spinner } from "../ui/Spinner";
import { useDates } from "../layout/use-dates";
import { type ImportRecord, useImportRecord } from "./use-import-record";

/**
 * One import as the teacher follows it in the upload dialog: a progress bar (rows settled of
 * the file's rows) while it runs, then its summary: imported, skipped as duplicates, and
 * each rejected row with its number and reasons, in the words of the summary e-mail
 * (locales/<lang>/imports.json). Also what "Past imports" opens.
 */
export function ImportSummaryPanel({ importId }: { importId: number }) {
  const { t } = useTranslation("bank");
  const state = useImportRecord(importId);
  if (state.name === "loading") return <Spinner label={t("imports.loading")} />;
  if (state.name === "refused") {
    return (
      <Alert variant="danger" isDismissable={false} autoHideMs={null}>
        {state.message}
      </Alert>
    );
  }
  return <ImportRecordView record={state.record} offline={state.offline} />;
}

function ImportRecordView({ record, offline }: { record: ImportRecord; offline: boolean }) {
  const { t } = useTranslation("bank");
  const { t: say } = useTranslation("imports");
  const dates = useDates();
  const headingId = useId();
  const rowsKey = record.unit === "Row" ? "rows" : "questions";
  return (
    <section className="bank-import" aria-labelledby={headingId}>
      <h3 id={headingId} className="bank-import__title">
        {t("imports.summaryTitle", { file: record.fileName })}
      </h3>
      <p className="bank-import__meta">
        {t("imports.startedBy", { teacher: record.teacher, date: dates.dateTime(Date.parse(record.startedAt)) })}
      </p>

      {record.status === "running" && (
        <ProgressBar className="bank-import__progress" value={record.processed} minValue={0} maxValue={Math.max(record.total, 1)} valueLabel={t(`imports.progress.${rowsKey}`, { processed: record.processed, total: record.total })}>
          {({ percentage, valueText }) => (
            <>
              <Label className="bank-import__progress-label">{t("imports.running")}</Label>
              <span className="bank-import__progress-value">{valueText}</span>
              <div className="bank-import__track" aria-hidden="true">
                <div className="bank-import__fill" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      )}
      {offline && <p className="ui-field__description">{t("imports.offline")}</p>}

      {record.status === "failed" ? (
        <Alert variant="danger" isDismissable={false} autoHideMs={null}>
          {t("imports.failed")}
        </Alert>
      ) : (
        record.status === "done" && <Counts record={record} />
      )}
      {record.status === "done" && record.rejected.length > 0 && <RejectedRows record={record} say={say} />}
    </section>
  );
}

function Counts({ record }: { record: ImportRecord }) {
  const { t } = useTranslation("bank");
  const { t: say } = useTranslation("imports");
  return (
    <>
      <p role="status" className="bank-import__finished">
        {t("imports.finished")}
      </p>
      <ul className="bank-import__counts">
        <li>{say("imported", { count: record.imported })}</li>
        <li>{say("duplicates", { count: record.duplicates })}</li>
        <li>{say("rejected", { count: record.rejectedCount })}</li>
      </ul>
    </>
  );
}

function RejectedRows({ record, say }: { record: ImportRecord; say: TFunction<"imports"> }) {
  const { t } = useTranslation("bank");
  const headingId = useId();
  const lineKey = record.unit === "Row" ? "row" : "question";
  const more = record.rejectedCount - record.rejected.length;
  return (
    // A long list scrolls inside the dialog; focusable so the keyboard scrolls it too.
    <div className="bank-import__rejected" role="region" aria-labelledby={headingId} tabIndex={0}>
      <h4 id={headingId}>{say(record.unit === "Row" ? "rejectedRows" : "rejectedQuestions")}</h4>
      <ul>
        {record.rejected.map(({ number, problems }) => (
          <li key={number}>{say(lineKey, { number, reason: describeProblems(say as unknown as TFunction, problems) })}</li>
        ))}
      </ul>
      {more > 0 && <p>{t("imports.moreRejected", { count: more })}</p>}
    </div>
  );
}

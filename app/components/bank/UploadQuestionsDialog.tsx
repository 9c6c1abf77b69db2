import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Dialog } from "../ui/Dialog";
import { RadioGroup } from "../ui/RadioGroup";
import { csvTemplateText, OPTIONAL_CSV_COLUMNS, type TemplateBank } from "../../../api/services/imports/csv-template";
import { ImportSummaryPanel } from "./ImportSummaryPanel";
import { translateBankMessage } from "./messages";
import type { CodedAnswer } from "../../utils/message-codes";
import { MoodleXmlHelp } from "./MoodleXmlHelp";
import { PastImports } from "./PastImports";
import { QtiHelp } from "./QtiHelp";
import { uploadWithProgress } from "./upload-with-progress";
import { api, callApi } from "../../utils/api-client";

/** The API's paths (the UI lives under /quiz, the API under /api on the same origin). */
export const UPLOAD_URL = "/api/files/upload";
export const TEMPLATE_URL = "/api/csvquestion/template";
const ACCEPT = { csv: ".csv,text/csv", gift: ".gift,.txt,text/plain", moodlexml: ".xml,application/xml,text/xml", qti: ".zip,application/zip" } as const;
const MAX_BYTES = 5 * 1024 * 1024;

type Format = "csv" | "gift" | "moodlexml" | "qti";
type Phase = { name: "idle" } | { name: "uploading"; percent: number } | { name: "importing" };
/** What the dialog shows: the upload form, one import (just started, or opened from the list), or the past imports. */
type View = { name: "form" } | { name: "import"; importId: number; justStarted: boolean } | { name: "past" };

interface Props {
  /** The bank the dialog was opened from: GIFT files go into it; CSV rows name their own. */
  category: string | null;
  course: string | null;
  onClose: () => void;
}

/**
 * Spec 2.5 "Upload CSV" (and, beyond the spec, Moodle GIFT and Moodle XML): explains the format, links the
 * template, uploads the file to csv-uploads with a progress bar, then starts the import.
 * The import answers 'data is being processed' (spec 9); the dialog then follows it (a
 * progress bar, then its summary: ImportSummaryPanel), and the summary also comes by e-mail
 * (spec 8). "Past imports" opens earlier summaries (docs/decisions/0047-import-summaries.md).
 */
export function UploadQuestionsDialog({ category, course, onClose }: Props) {
  const { t } = useTranslation("bank");
  const [format, setFormat] = useState<Format>("csv");
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [view, setView] = useState<View>({ name: "form" });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const busy = phase.name === "uploading" || phase.name === "importing";
  const giftPossible = Boolean(category && course);

  async function upload() {
    setError(null);
    if (!file) return setError(t("upload.chooseFile"));
    if (file.size > MAX_BYTES) return setError(t("upload.tooLarge"));
    setPhase({ name: "uploading", percent: 0 });
    const form = new FormData();
    form.set("file", file);
    form.set("folder", "csv-uploads");
    const stored = await uploadWithProgress(UPLOAD_URL, form, (percent) => setPhase({ name: "uploading", percent }));
    if (stored.status !== 201 || !stored.body?.key) {
      // The upload's refusals (size, quotas, the hourly limit) by their code and values (bank/messages.ts).
      const body = stored.body;
      return fail(body?.message === undefined ? undefined : { message: body.message, code: body.code, params: body.params });
    }

    setPhase({ name: "importing" });
    const location = stored.body.key;
    const answer = await callApi(() =>
      // GIFT, Moodle XML and QTI are offered only on a bank page, where the category and course are known (giftPossible).
      format === "gift"
        ? api.giftquestion.$post({ json: { location, category: category ?? "", course: course ?? "" } })
        : format === "moodlexml"
          ? api.moodlexmlquestion.$post({ json: { location, category: category ?? "", course: course ?? "" } })
          : format === "qti"
            ? api.qtiquestion.$post({ json: { location, category: category ?? "", course: course ?? "" } })
            : api.csvquestion.$post({ json: { location } }),
    );
    if (!answer.ok) return fail(answer.offline ? undefined : answer);
    setPhase({ name: "idle" });
    setFile(null);
    setView({ name: "import", importId: answer.data.importId, justStarted: true });
  }

  function fail(detail: CodedAnswer | undefined) {
    setPhase({ name: "idle" });
    // Spec 9: 'Error while uploading data', with the server's reason when there is one.
    const reason = detail ? translateBankMessage((key, values) => t(key, values ?? {}), detail) : null;
    setError(reason ? `${t("upload.failed")}: ${reason}` : t("upload.failed"));
  }

  function chooseFormat(next: string) {
    setFormat(next as Format);
    setFile(null);
    setError(null);
    if (input.current) input.current.value = "";
  }

  return (
    <Dialog title={t("upload.title")} isOpen onOpenChange={(open) => !open && !busy && onClose()} isDismissable={!busy} size="lg">
      {view.name === "import" ? (
        <>
          {view.justStarted && (
            <Alert variant="success" title={t("upload.processing")} isDismissable={false} autoHideMs={null}>
              {t("upload.mailFollows")}
            </Alert>
          )}
          <ImportSummaryPanel importId={view.importId} />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setView({ name: "past" })}>
              {t(view.justStarted ? "imports.pastTitle" : "imports.allPast")}
            </Button>
            <Button variant="primary" onPress={onClose} autoFocus>
              {t("upload.backToBank")}
            </Button>
          </div>
        </>
      ) : view.name === "past" ? (
        <>
          <h3 className="bank-import__title">{t("imports.pastTitle")}</h3>
          <PastImports onOpen={(importId) => setView({ name: "import", importId, justStarted: false })} />
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setView({ name: "form" })}>
              {t("imports.uploadAnother")}
            </Button>
            <Button variant="primary" onPress={onClose} autoFocus>
              {t("upload.backToBank")}
            </Button>
          </div>
        </>
      ) : (
        <div className="bank-dialog__form">
          <RadioGroup
            label={t("upload.format")}
            value={format}
            onChange={chooseFormat}
            inline
            isDisabled={busy}
            options={[
              { value: "csv", label: t("upload.csv") },
              { value: "gift", label: t("upload.gift"), isDisabled: !giftPossible, description: giftPossible ? undefined : t("upload.giftNeedsBank") },
              { value: "moodlexml", label: t("moodleXml.choice"), isDisabled: !giftPossible, description: giftPossible ? undefined : t("moodleXml.needsBank") },
              { value: "qti", label: t("qti.choice"), isDisabled: !giftPossible, description: giftPossible ? undefined : t("qti.needsBank") },
            ]}
          />
          {format === "csv" ? (
            <CsvHelp bank={category && course ? { category, course } : undefined} />
          ) : format === "gift" ? (
            <GiftHelp category={category ?? ""} course={course ?? ""} />
          ) : format === "moodlexml" ? (
            <MoodleXmlHelp category={category ?? ""} course={course ?? ""} />
          ) : (
            <QtiHelp category={category ?? ""} course={course ?? ""} />
          )}

          <div className={["ui-field", error ? "ui-field--invalid" : ""].join(" ")}>
            <label className="ui-field__label" htmlFor={fileId}>
              {t("upload.file")}
            </label>
            <input
              ref={input}
              id={fileId}
              className="bank-upload__file"
              type="file"
              name="file"
              accept={ACCEPT[format]}
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fileId}-hint${error ? ` ${fileId}-error` : ""}`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            <p id={`${fileId}-hint`} className="ui-field__description">
              {t(format === "csv" ? "upload.fileHintCsv" : format === "gift" ? "upload.fileHintGift" : format === "moodlexml" ? "moodleXml.fileHint" : "qti.fileHint")}
            </p>
            {error && (
              <p id={`${fileId}-error`} className="ui-field__error" role="alert">
                {error}
              </p>
            )}
          </div>

          {phase.name === "uploading" && (
            <div className="bank-upload__progress">
              <label htmlFor={`${fileId}-progress`}>{t("upload.uploading", { percent: phase.percent })}</label>
              <progress id={`${fileId}-progress`} max={100} value={phase.percent} />
            </div>
          )}
          {phase.name === "importing" && <p role="status">{t("upload.starting")}</p>}

          <div className="shell-dialog-actions">
            <Button variant="secondary" className="bank-upload__past" onPress={() => setView({ name: "past" })} isDisabled={busy}>
              {t("imports.pastTitle")}
            </Button>
            <Button variant="secondary" onPress={onClose} isDisabled={busy}>
              {t("cancel")}
            </Button>
            <Button variant="primary" onPress={upload} isPending={busy}>
              {t("upload.submit")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** The template's address: from a bank, its rows name that bank, so it imports there unchanged (issue 25 point 6). */
export function templateUrl(bank: TemplateBank | undefined): string {
  return bank ? `${TEMPLATE_URL}?${new URLSearchParams(bank)}` : TEMPLATE_URL;
}

function CsvHelp({ bank }: { bank: TemplateBank | undefined }) {
  const { t } = useTranslation("bank");
  return (
    <div className="bank-upload__help">
      <p>{t("upload.csvLead")}</p>
      <ul>
        <li>
          <code>questionText</code>, <code>optionType</code> — {t("upload.colType")}
        </li>
        <li>
          <code>option1</code>, <code>option2</code> — {t("upload.colOptions")}
        </li>
        <li>
          <code>option3</code> … <code>option5</code> — {t("upload.colMoreOptions")}
        </li>
        <li>
          <code>correct</code> — {t("upload.colCorrect")}
        </li>
        <li>
          <code>category</code>, <code>course</code> — {t("upload.colPlace")}
        </li>
        <li>
          <code>tags</code> — {t("upload.colTags")}
        </li>
        <li>
          <code>answerExplaination</code> — {t("upload.colExplanation")}
        </li>
        <li>
          <code>credits</code>, <code>tolerances</code>, <code>units</code>, <code>caseSensitive</code> — {t("upload.colTyped")}
        </li>
      </ul>
      <p>{t("upload.optionalColumns", { columns: OPTIONAL_CSV_COLUMNS.join(", ") })}</p>
      <p>{t("upload.example")}</p>
      {/* The template itself (csv-template.ts): the example is the file the link downloads. */}
      <pre className="bank-upload__example" tabIndex={0} aria-label={t("upload.example")}>
        {csvTemplateText(bank).replace(/\r\n/g, "\n").trimEnd()}
      </pre>
      <p>{t("upload.rules")}</p>
      <p>
        <a href={templateUrl(bank)} download="question-import-template.csv">
          {t("upload.template")}
        </a>
      </p>
    </div>
  );
}

/** Each GIFT form the import reads (api/services/imports/gift-to-question.ts, ADR 0073), with an example of its answer block. */
const GIFT_FORMS = [
  ["{=4 ~3 ~5}", "giftRadio"],
  ["{~%50%2 ~%50%4 ~%-100%3}", "giftCheckbox"],
  ["{T} / {F}", "giftTrueFalse"],
  ["{=Jupiter =%50%Saturn}", "giftShortAnswer"],
  ["{#3.14:0.005} / {#1..5}", "giftNumerical"],
  ["{=Italy -> Rome =Japan -> Tokyo}", "giftMatching"],
  ["{}", "giftEssay"],
] as const;

function GiftHelp({ category, course }: { category: string; course: string }) {
  const { t } = useTranslation("bank");
  return (
    <div className="bank-upload__help">
      <p>{t("upload.giftLead", { category, course })}</p>
      <ul>
        {GIFT_FORMS.map(([example, key]) => (
          <li key={key}>
            <code>{example}</code> — {t(`upload.${key}`)}
          </li>
        ))}
      </ul>
      <p>{t("upload.giftMissingWord")}</p>
      <p>{t("upload.giftOther")}</p>
    </div>
  );
}

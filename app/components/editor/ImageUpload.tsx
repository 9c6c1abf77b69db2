import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CodedAnswer } from "../../utils/message-codes";
import { translateBankMessage } from "../bank/messages";
import { Button } from "../ui/Button";
import { FieldMessage } from "./NativeField";

const ACCEPT = ".jpg,.jpeg,.png,.jfif,image/jpeg,image/png";

/** The upload's refusal as the envelope sends it: its text, code and values (ADR 0061). */
class UploadRefused extends Error {
  constructor(readonly answer: CodedAnswer) {
    super(answer.message);
  }
}

/** POST /api/files/upload with upload progress (fetch reports none for request bodies). */
function upload(file: File, onProgress: (percent: number) => void): Promise<{ key: string; url: string }> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append("file", file);
    body.append("folder", "question-images");
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/files/upload");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      const answer = xhr.response as ({ key?: string; url?: string } & Partial<CodedAnswer>) | null;
      if (xhr.status === 201 && answer?.key && answer.url) resolve({ key: answer.key, url: answer.url });
      else reject(new UploadRefused({ message: answer?.message ?? "", code: answer?.code, params: answer?.params }));
    };
    xhr.onerror = () => reject(new Error(""));
    xhr.send(body);
  });
}

/**
 * A question or explanation image (spec 5): chosen, uploaded at once with a progress bar,
 * previewed from the signed URL; the form submits only the key (hidden input `name`).
 * The server checks the type by content; its refusal is shown in the user's language where
 * known (bank/messages.ts), else as sent.
 */
export function ImageUpload({
  name,
  label,
  initialKey,
  initialUrl,
  error,
  onChange,
}: {
  onChange?: (url: string | null) => void;
  name: string;
  label: string;
  initialKey: string | null;
  initialUrl: string | null;
  error?: string;
}) {
  const { t } = useTranslation("bank");
  const [image, setImage] = useState(initialKey ? { key: initialKey, url: initialUrl } : null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = `${name}-file`;
  const shownError = failure ?? error;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const stored = await upload(file, setProgress);
      setImage(stored);
      onChange?.(stored.url);
    } catch (caught) {
      const refused = caught instanceof UploadRefused && caught.answer.message ? caught.answer : null;
      setFailure(refused ? translateBankMessage((key, values) => t(key, values ?? {}), refused) : t("editor.uploadFailed"));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="ui-field editor-image" data-invalid={shownError ? true : undefined}>
      <input type="hidden" name={name} value={image?.key ?? ""} />
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {image?.url && <img className="editor-image__preview" src={image.url} alt={label} />}
      <div className="editor-image__actions">
        {/* The file input itself stays out of the submitted form: only the key is sent. */}
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          className="editor-image__file"
          disabled={progress !== null}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
          onChange={(event) => void choose(event.target.files?.[0])}
          form="no-form"
        />
        {image && (
          <Button variant="ghost" size="sm" onPress={() => {
              setImage(null);
              onChange?.(null);
            }}>
            {t("editor.removeImage")}
          </Button>
        )}
      </div>
      {progress !== null && (
        <div className="editor-image__progress">
          <progress max={100} value={progress} aria-label={t("editor.uploadProgress")} />
          <span aria-live="polite">{t("editor.uploading")}</span>
        </div>
      )}
      <p id={`${id}-hint`} className="ui-field__description">
        {t("editor.imageHint")}
      </p>
      {shownError && <FieldMessage id={`${id}-error`}>{shownError}</FieldMessage>}
    </div>
  );
}

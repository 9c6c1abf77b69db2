import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessage } from "../editor/NativeField";

// The question explanation's editor (Tiptap), loaded in the browser only, after hydration.
const RichTextEditor = lazy(() => import("../editor/RichTextEditor"));

/**
 * The e-mail's rich-text body (spec 5): the explanation's editor in the browser, a plain
 * textarea on the server and without JavaScript. Both submit `message`; the server sanitises
 * it with the explanation's sanitiser (docs/decisions/0040). `onChange` tells the form what is
 * written, so an empty body is caught before anything is sent.
 */
export function MessageField({ initial, error, onChange }: { initial: string; error?: string; onChange: (html: string) => void }) {
  const { t } = useTranslation("mail");
  const [html, setHtml] = useState(initial);
  const [rich, setRich] = useState(false);
  useEffect(() => setRich(true), []);
  const describedBy = `message-hint${error ? " message-error" : ""}`;
  const change = (next: string) => {
    setHtml(next);
    onChange(next);
  };

  const fallback = (
    <textarea
      id="message"
      name="message"
      className="ui-input editor-explanation__plain"
      rows={8}
      value={html}
      onChange={(event) => change(event.target.value)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    />
  );

  return (
    <div className="ui-field editor-explanation" data-invalid={error ? true : undefined}>
      <label className="ui-field__label" htmlFor="message" id="message-label">
        {t("message")}
        <span className="ui-field__required" aria-hidden="true">
          {" "}*
        </span>
      </label>
      {rich ? (
        <Suspense fallback={fallback}>
          <input type="hidden" name="message" value={html} />
          <RichTextEditor id="message" initial={initial} onChange={change} labelledBy="message-label" describedBy={describedBy} invalid={Boolean(error)} />
        </Suspense>
      ) : (
        fallback
      )}
      <p id="message-hint" className="ui-field__description">
        {t("messageHint")}
      </p>
      {error && <FieldMessage id="message-error">{error}</FieldMessage>}
    </div>
  );
}

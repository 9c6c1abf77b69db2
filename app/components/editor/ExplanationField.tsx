import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldMessage } from "./NativeField";

// Tiptap touches the DOM when it starts: it is loaded in the browser only, after hydration.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

/**
 * The answer explanation (spec 5): rich text in the browser, a plain textarea on the server
 * and without JavaScript (its text is sanitised like any HTML). Both submit
 * `answerExplaination`; the server's sanitiser decides what survives.
 */
export function ExplanationField({ initial, error }: { initial: string; error?: string }) {
  const { t } = useTranslation("bank");
  const [html, setHtml] = useState(initial);
  const [rich, setRich] = useState(false);
  useEffect(() => setRich(true), []);
  const describedBy = `explanation-hint${error ? " explanation-error" : ""}`;

  const fallback = (
    <textarea
      id="explanation"
      name="answerExplaination"
      className="ui-input editor-explanation__plain"
      rows={6}
      value={html}
      onChange={(event) => setHtml(event.target.value)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    />
  );

  return (
    <div className="ui-field editor-explanation" data-invalid={error ? true : undefined}>
      <label className="ui-field__label" htmlFor="explanation" id="explanation-label">
        {t("editor.explanation")}
        <span className="ui-field__required" aria-hidden="true">
          {" "}*
        </span>
      </label>
      {rich ? (
        <Suspense fallback={fallback}>
          <input type="hidden" name="answerExplaination" value={html} />
          <RichTextEditor initial={initial} onChange={setHtml} labelledBy="explanation-label" describedBy={describedBy} invalid={Boolean(error)} />
        </Suspense>
      ) : (
        fallback
      )}
      <p id="explanation-hint" className="ui-field__description">
        {t("editor.explanationHint")}
      </p>
      {error && <FieldMessage id="explanation-error">{error}</FieldMessage>}
    </div>
  );
}

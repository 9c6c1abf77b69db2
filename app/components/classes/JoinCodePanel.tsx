import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { spacedJoinCode } from "./messages";

/** A value with its copy button: the text stays selectable without JavaScript; the button says when it copied. */
function CopyValue({ label, value, shown }: { label: string; value: string; shown: string }) {
  const { t } = useTranslation(["classes"]);
  const [copied, setCopied] = useState(false);
  return (
    <div className="classes-copy">
      <span className="ui-field__label">{label}</span>
      <code className="classes-copy__value">{shown}</code>
      <button
        type="button"
        className="ui-button ui-button--ghost ui-button--sm"
        aria-label={t("joinCode.copyLabel", { what: label })}
        onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => setCopied(false))}
      >
        {t("joinCode.copy")}
      </button>
      <span role="status" className="classes-copy__done">
        {copied ? t("joinCode.copied") : ""}
      </span>
    </div>
  );
}

/** The class's join code and link, each copyable, and "New code" (the old code and link stop working). */
export function JoinCodePanel({ joinCode, joinUrl }: { joinCode: string; joinUrl: string }) {
  const { t } = useTranslation(["classes"]);
  return (
    <section className="classes-join" aria-labelledby="join-title">
      <h2 id="join-title" className="classes-section__title">
        {t("joinCode.title")}
      </h2>
      <p className="ui-field__description">{t("joinCode.hint")}</p>
      <CopyValue label={t("joinCode.code")} value={joinCode} shown={spacedJoinCode(joinCode)} />
      <CopyValue label={t("joinCode.link")} value={joinUrl} shown={joinUrl} />
      <Form method="post">
        <input type="hidden" name="intent" value="newCode" />
        <button type="submit" className="ui-button ui-button--secondary ui-button--sm">
          {t("joinCode.renew")}
        </button>
      </Form>
    </section>
  );
}

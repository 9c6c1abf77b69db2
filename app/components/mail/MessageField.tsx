import { useTranslation } from "react-i18next";
import { RichTextField } from "../editor/RichTextField";

/**
 * The e-mail's rich-text body (spec 5), submitted as `message` and sanitised on the server
 * like the explanation (docs/decisions/0040). `onChange` tells the form what is written, so an
 * empty body is caught before anything is sent.
 */
export function MessageField({ initial, error, onChange }: { initial: string; error?: string; onChange: (html: string) => void }) {
  const { t } = useTranslation("mail");
  return <RichTextField id="message" name="message" label={t("message")} hint={t("messageHint")} initial={initial} error={error} rows={8} onChange={onChange} />;
}

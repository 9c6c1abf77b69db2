import { useTranslation } from "react-i18next";
import { RichTextField } from "../editor/RichTextField";

/**
 * The e-mail's rich-text body (spec 5), submitted as `message` and sanitised on the server
 * like the explanation (docs/decisions/0040). `onChange` tells the form what is written, so an
 * empty body is caught before anything is sent. Its error comes from the enclosing Form.
 */
export function MessageField({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const { t } = useTranslation("mail");
  return <RichTextField id="message" name="message" label={t("message")} hint={t("messageHint")} initial={initial} rows={8} onChange={onChange} />;
}

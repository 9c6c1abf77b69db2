import { useMemo } from "react";
import { nameFormulas } from "./maths-as-text";
import { useMathsSay } from "./use-maths-say";

/**
 * A question's or an option's text: as plain text, or, when it has formulas, the HTML the
 * server rendered when the question was saved (MathML that the browser draws and a screen
 * reader reads; no maths library on the page: docs/decisions/0066-maths-on-the-server.md).
 * The HTML is the renderer's and the sanitiser's own output, checked again when read
 * (api/services/maths/render-tex.ts `withMaths`). Each formula is named by its words in the
 * page's language (ADR 0066, "Names of formulas": Chromium names nothing from MathML itself).
 */
export function TextWithMaths({ text, html, className }: { text: string; html?: string | null; className?: string }) {
  if (!html) return className ? <span className={className}>{text}</span> : <>{text}</>;
  return <NamedMaths html={html} className={className} />;
}

function NamedMaths({ html, className }: { html: string; className?: string }) {
  const say = useMathsSay();
  const named = useMemo(() => nameFormulas(html, say), [html, say]);
  return <span className={["maths-text", className].filter(Boolean).join(" ")} dangerouslySetInnerHTML={{ __html: named }} />;
}

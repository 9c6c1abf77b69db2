import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { MathsSay } from "./maths-as-text";

/** How a formula's structure is said in the page's language (common.json `maths.*`: every page has that namespace). */
export function useMathsSay(): MathsSay {
  const { t } = useTranslation("common");
  return useCallback((word, values) => t(`maths.${word}`, values), [t]);
}

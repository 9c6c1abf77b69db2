import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, fromZonedInput, toZonedInput, zoneName } from "../../../api/services/core/dates";
import { useTimeZone } from "./use-time-zone";

/** Every date of a page, drawn and read in the reader's zone and language, the zone named. */
export function useDates() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const language = i18n.language;
  return useMemo(
    () => ({
      timeZone,
      dateTime: (epochMs: number) => formatDateTime(epochMs, language, timeZone),
      date: (epochMs: number, style?: "medium" | "long") => formatDate(epochMs, language, timeZone, style),
      zone: (epochMs: number = Date.now()) => zoneName(epochMs, language, timeZone),
      toInput: (epochMs: number) => toZonedInput(epochMs, timeZone),
      fromInput: (text: string) => fromZonedInput(text, timeZone),
    }),
    [language, timeZone],
  );
}

import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, fromZonedInput, inSchoolAndReaderZones, toZonedInput, zoneName } from "../../../api/services/core/dates";
import { useReaderTimeZone, useTimeZone } from "./use-time-zone";

/**
 * Every date of a page, drawn and read in the school's zone (else the reader's, ADR 0082) and
 * the reader's language, the zone named. `forReader` adds the reader's own clock when the
 * reader lives in another zone (a student abroad: "… Asia/Tokyo (… your time, America/New_York)").
 */
export function useDates() {
  const { i18n, t } = useTranslation("common");
  const timeZone = useTimeZone();
  const readerTimeZone = useReaderTimeZone();
  const language = i18n.language;
  return useMemo(
    () => ({
      timeZone,
      dateTime: (epochMs: number) => formatDateTime(epochMs, language, timeZone),
      date: (epochMs: number, style?: "medium" | "long") => formatDate(epochMs, language, timeZone, style),
      zone: (epochMs: number = Date.now()) => zoneName(epochMs, language, timeZone),
      toInput: (epochMs: number) => toZonedInput(epochMs, timeZone),
      fromInput: (text: string) => fromZonedInput(text, timeZone),
      forReader: (epochMs: number) => {
        const { school, reader } = inSchoolAndReaderZones(epochMs, language, timeZone, readerTimeZone);
        if (!reader) return t("timeZone.oneZone", { time: school.time, zone: school.zone });
        return t("timeZone.bothZones", { schoolTime: school.time, schoolZone: school.zone, readerTime: reader.time, readerZone: reader.zone });
      },
    }),
    [language, timeZone, readerTimeZone, t],
  );
}

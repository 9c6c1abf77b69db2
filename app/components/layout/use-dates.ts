import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { formatDate, formatDateTime, fromZonedInput, toZonedInput, UTC, zoneName } from "../../../api/services/core/dates";
import { timeZoneCookie } from "../../utils/time-zone-cookie";

/**
 * The reader's time zone as the server drew the page (root loader, from the `tz` cookie), so
 * that the browser hydrates the same text (ADR 0062).
 */
export function useTimeZone(): string {
  return useRouteLoaderData<{ timeZone?: string }>("root")?.timeZone ?? UTC;
}

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

/**
 * Tells the server the browser's zone. When the page was drawn in another zone (a first
 * visit, a journey across zones), the cookie is written and the loaders run again, so every
 * date on the page moves to the browser's zone after hydration, never during it.
 */
export function useTimeZoneCookie(): void {
  const drawnIn = useTimeZone();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browserZone || browserZone === drawnIn) return;
    document.cookie = timeZoneCookie(browserZone);
    void revalidate();
  }, [drawnIn, revalidate]);
}

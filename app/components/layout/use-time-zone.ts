import { useEffect } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { DRAWN_WITHOUT_A_ZONE, timeZoneCookie } from "../../utils/time-zone-cookie";

/*
 * The reader's time zone, apart from the date formatting (use-dates.ts): the root carries
 * these on every page, the exam's and the login's included, which show no dates.
 */

interface RootZones {
  timeZone?: string;
  readerTimeZone?: string | null;
}

/**
 * The zone every date of the page is drawn and typed in, as the server drew the page (root
 * loader): the school's (ADR 0082), else the reader's from the `tz` cookie (ADR 0062), so
 * that the browser hydrates the same text.
 */
export function useTimeZone(): string {
  return useRouteLoaderData<RootZones>("root")?.timeZone ?? DRAWN_WITHOUT_A_ZONE;
}

/** The reader's own zone as the server knew it (the `tz` cookie), or null before the browser said it. */
export function useReaderTimeZone(): string | null {
  return useRouteLoaderData<RootZones>("root")?.readerTimeZone ?? null;
}

/**
 * Tells the server the browser's zone. When the page was drawn knowing another (a first
 * visit, a journey across zones), the cookie is written and the loaders run again, so every
 * date on the page moves to the browser's zone after hydration, never during it.
 */
export function useTimeZoneCookie(): void {
  const drawnIn = useReaderTimeZone();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browserZone || browserZone === drawnIn) return;
    document.cookie = timeZoneCookie(browserZone);
    void revalidate();
  }, [drawnIn, revalidate]);
}

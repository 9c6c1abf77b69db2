import { useEffect } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { DRAWN_WITHOUT_A_ZONE, timeZoneCookie } from "../../utils/time-zone-cookie";

/*
 * The reader's time zone, apart from the date formatting (use-dates.ts): the root carries
 * these on every page, the exam's and the login's included, which show no dates.
 */

/**
 * The reader's time zone as the server drew the page (root loader, from the `tz` cookie), so
 * that the browser hydrates the same text (ADR 0062).
 */
export function useTimeZone(): string {
  return useRouteLoaderData<{ timeZone?: string }>("root")?.timeZone ?? DRAWN_WITHOUT_A_ZONE;
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

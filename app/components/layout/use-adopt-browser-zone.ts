import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * Issue 27 point 6, "default from the owner's browser" (ADR 0082, second addendum): while the
 * school has no zone, the owner's browser says its own once, and it becomes the school's
 * (routes/app/adopt-time-zone.ts). Only the owner's browser; other readers keep their own
 * zone until then, as before. The settings page changes it whenever the owner likes.
 */
export function useAdoptBrowserZone(user: { isOwner: boolean; schoolTimeZone: string | null }): void {
  const { submit } = useFetcher();
  const asked = useRef(false);
  useEffect(() => {
    if (!user.isOwner || user.schoolTimeZone !== null || asked.current) return;
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!browserZone) return;
    asked.current = true;
    void submit({ timeZone: browserZone }, { method: "post", action: "/schoolTimeZone" });
  }, [user.isOwner, user.schoolTimeZone, submit]);
}

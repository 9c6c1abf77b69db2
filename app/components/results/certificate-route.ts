import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, useLocation } from "react-router";

/** A page's address without its certificate dialog (…/{id}/download over the list, …/download over a result). */
const withoutDialog = (url: URL) => url.pathname.replace(/(\/\d+)?\/download$/, "");

/** The navigation only opens or closes the certificate dialog over the same page. */
export function togglesCertificateDialog(current: URL, next: URL): boolean {
  const dialog = /\/download$/;
  return current.search === next.search && withoutDialog(current) === withoutDialog(next) && (dialog.test(current.pathname) || dialog.test(next.pathname));
}

/**
 * Opening or closing the dialog leaves the page under it as it is: no reload of its data,
 * so the link that opened the dialog is still there to take the focus back when it closes.
 */
export function keepPageUnderCertificate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && togglesCertificateDialog(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

/**
 * When the certificate dialog closes (the address leaves …/download), the focus goes back to
 * the link that opened it: the dialog is a route of its own, so react-aria's own focus
 * restore runs while the page under it is still inert and is lost. The page's certificate
 * links carry `data-certificate-opener` with their attempt's id.
 */
export function useFocusBackFromCertificate(): void {
  const location = useLocation();
  const previous = useRef(location.pathname);
  useEffect(() => {
    const closed = /\/(\d+)(?:\/result)?\/download$/.exec(previous.current);
    previous.current = location.pathname;
    if (closed && !location.pathname.endsWith("/download")) document.querySelector<HTMLElement>(`[data-certificate-opener="${closed[1]}"]`)?.focus();
  }, [location.pathname]);
}

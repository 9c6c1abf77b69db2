import { useEffect, useRef } from "react";
import { type ShouldRevalidateFunctionArgs, useLocation } from "react-router";

/**
 * The board's row dialogs are child routes (…/{takenQuizId}/download here, …/email from the
 * mail slice): opening or closing one leaves the board under it as it is (no reload, the
 * focus can go back to the link that opened it), like the student's certificate dialog.
 */
const DIALOG = /\/(\d+)\/(download|email)$/;
const withoutDialog = (pathname: string) => pathname.replace(DIALOG, "");

/** The navigation only opens or closes a row dialog over the same board view. */
export function togglesBoardDialog(current: { pathname: string; search: string }, next: { pathname: string; search: string }): boolean {
  return current.search === next.search && withoutDialog(current.pathname) === withoutDialog(next.pathname) && (DIALOG.test(current.pathname) || DIALOG.test(next.pathname));
}

export function keepBoardUnderDialog({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && togglesBoardDialog(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** The `data-board-opener` value of a row's link to a dialog. */
export const openerOf = (takenQuizId: number, dialog: "download" | "email") => `${takenQuizId}:${dialog}`;

/**
 * When a row dialog closes, the focus goes back to the link that opened it (react-aria's own
 * restore runs while the board is still inert under the dialog, and is lost).
 */
export function useFocusBackFromBoardDialog(): void {
  const location = useLocation();
  const previous = useRef(location.pathname);
  useEffect(() => {
    const closed = DIALOG.exec(previous.current);
    previous.current = location.pathname;
    if (closed && !DIALOG.test(location.pathname)) {
      document.querySelector<HTMLElement>(`[data-board-opener="${openerOf(Number(closed[1]), closed[2] as "download" | "email")}"]`)?.focus();
    }
  }, [location.pathname]);
}

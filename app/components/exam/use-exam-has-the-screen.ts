import { useEffect } from "react";

/** The app's chrome around the page (app/routes/app/layout.tsx): the header and its menus, the side menu, the footer. */
const CHROME = [".shell-header", ".shell-sidebar", ".shell-footer"];

/**
 * While an exam runs, the app's menus step aside (spec 2.4: the exam opens full screen and
 * blocks leaving): `data-exam-running` on <body> hides them (exam.css) and `inert` takes
 * them out of the keyboard and screen-reader order too, so the timer, the save status and
 * Finish have the screen to themselves at every width. Undone when the exam ends.
 */
export function useExamHasTheScreen(): void {
  useEffect(() => {
    const chrome = CHROME.flatMap((selector) => [...document.querySelectorAll<HTMLElement>(selector)]);
    document.body.dataset.examRunning = "";
    for (const element of chrome) element.inert = true;
    return () => {
      delete document.body.dataset.examRunning;
      for (const element of chrome) element.inert = false;
    };
  }, []);
}

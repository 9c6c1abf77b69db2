import { useTranslation } from "react-i18next";
import type { SaveState } from "./use-answer-sync";

/**
 * Says plainly whether every answer is on the server (issue 8: the screen shows it). Answers
 * waiting because the server failed, not the network, are "not saved yet", not "offline".
 */
export function SaveStatus({ state, pending, serverFailed = false }: { state: SaveState; pending: number; serverFailed?: boolean }) {
  const { t } = useTranslation("exam");
  const text = state === "saved" ? t("save.saved") : state === "saving" ? t("save.saving") : t(serverFailed ? "save.waiting" : "save.offline", { count: pending });
  return (
    <p className={`exam-save exam-save--${state}`} role="status" data-state={state}>
      <span className="exam-save__dot" aria-hidden="true" />
      {text}
    </p>
  );
}

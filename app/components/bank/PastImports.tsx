import { useEffect, useState } from "react";
import { Button as AriaButton } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { ImportListEntry } from "./use-import-record";
import { api, callApi } from "../../utils/api-client";
import { Alert } from "../ui/Alert";
import { Spinner } from "../ui/Spinner";
import { useDates } from "../layout/use-dates";

type ListState = { name: "loading" } | { name: "shown"; items: ImportListEntry[] } | { name: "failed"; message: string | null };

/**
 * "Past imports": the teacher's latest imports (the owner's: every author's), newest first,
 * each a button that opens its summary (GET /api/questionImports).
 */
export function PastImports({ onOpen }: { onOpen: (importId: number) => void }) {
  const { t } = useTranslation("bank");
  const { t: say } = useTranslation("imports");
  const dates = useDates();
  const [state, setState] = useState<ListState>({ name: "loading" });
  useEffect(() => {
    let stopped = false;
    void callApi(() => api.questionImports.$get()).then((answer) => {
      if (stopped) return;
      setState(answer.ok ? { name: "shown", items: answer.data.data } : { name: "failed", message: answer.offline ? null : answer.message });
    });
    return () => {
      stopped = true;
    };
  }, []);

  if (state.name === "loading") return <Spinner label={t("imports.loading")} />;
  if (state.name === "failed") {
    return (
      <Alert variant="danger" isDismissable={false} autoHideMs={null}>
        {state.message ?? t("imports.offline")}
      </Alert>
    );
  }
  if (state.items.length === 0) return <p>{t("imports.none")}</p>;
  return (
    <ul className="bank-past-imports" aria-label={t("imports.pastTitle")}>
      {state.items.map((item) => (
        <li key={item.id}>
          <AriaButton className="bank-past-imports__open" onPress={() => onOpen(item.id)}>
            <span className="bank-past-imports__file">{item.fileName}</span>
            <span className="bank-past-imports__meta">
              {t("imports.startedBy", { teacher: item.teacher, date: dates.dateTime(Date.parse(item.startedAt)) })}
            </span>
            <span className="bank-past-imports__counts">
              {item.status === "done"
                ? [say("imported", { count: item.imported }), say("duplicates", { count: item.duplicates }), say("rejected", { count: item.rejectedCount })].join(" · ")
                : t(`imports.status.${item.status}`)}
            </span>
          </AriaButton>
        </li>
      ))}
    </ul>
  );
}

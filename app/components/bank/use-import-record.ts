import { useEffect, useState } from "react";
import type { InferResponseType } from "hono/client";
import { api, callApi } from "../../utils/api-client";

/** An import's record as GET /api/questionImports/{id} answers it (read-imports.ts ImportView). */
export type ImportRecord = InferResponseType<(typeof api.questionImports)[":id"]["$get"], 200>;
/** One past import as GET /api/questionImports lists it. */
export type ImportListEntry = InferResponseType<typeof api.questionImports.$get, 200>["data"][number];

/** How often a running import is asked for its progress. */
export const POLL_MS = 700;

export type ImportRecordState = { name: "loading" } | { name: "shown"; record: ImportRecord; offline: boolean } | { name: "refused"; message: string };

/**
 * One import's record (GET /api/questionImports/{id}), asked again every POLL_MS while it
 * runs and no more once it has ended. A dropped connection keeps the last answer and tries
 * again; a refusal (404, 403) stops, with the server's message.
 */
export function useImportRecord(importId: number): ImportRecordState {
  const [state, setState] = useState<ImportRecordState>({ name: "loading" });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ name: "loading" });
    const poll = async () => {
      const answer = await callApi(() => api.questionImports[":id"].$get({ param: { id: String(importId) } }));
      if (stopped) return;
      if (answer.ok) {
        setState({ name: "shown", record: answer.data, offline: false });
        if (answer.data.status !== "running") return;
      } else if (answer.offline) {
        setState((current) => (current.name === "shown" ? { ...current, offline: true } : current));
      } else {
        return setState({ name: "refused", message: answer.message });
      }
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [importId]);
  return state;
}

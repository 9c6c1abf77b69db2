import { useEffect } from "react";
import { useFetcher } from "react-router";

/** A page of one of the wizard's pick lists (routes/teacher/quiz-pick.ts), or the verb's refusal. */
export interface PickPage<T> {
  totalCount?: number;
  entities?: T[];
  message?: string;
}

/**
 * Loads a pick list whenever its query changes (search, page, category…). `query` is the
 * list's search string; an empty string means "nothing to load yet".
 */
export function usePickList<T>(list: "questions" | "quizzes" | "sourceQuestions" | "tags" | "drawsAvailable", query: string) {
  const fetcher = useFetcher<PickPage<T>>();
  const { load } = fetcher;
  useEffect(() => {
    if (query) void load(`/teacher/quizPool/pick/${list}?${query}`);
  }, [list, query, load]);
  return { page: query ? fetcher.data : undefined, loading: fetcher.state !== "idle" };
}

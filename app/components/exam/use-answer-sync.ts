import { useCallback, useEffect, useRef, useState } from "react";
import type { ErrorCode } from "../../../api/services/core/errors";
import { answerFromServer } from "./answer-value";
import { afterAcknowledged, type PendingAnswers, readPending, toRequestAnswers, writePending } from "./answer-store";
import { api, callApi } from "../../utils/api-client";
import type { LocalAnswer, StartedExam } from "./exam-types";
import type { ExamFailure } from "./messages";

export type SaveState = "saved" | "saving" | "offline";

/** How often an offline exam retries. */
const RETRY_MS = 5000;

/** The API's codes for an attempt that is itself closed (api/services/attempts/save-answers.ts). */
const CLOSED = new Set<string>(["ATTEMPT_SUBMITTED", "DEADLINE_PASSED"] satisfies ErrorCode[]);

const browserStorage = () => (typeof window === "undefined" ? undefined : window.localStorage);

/**
 * The exam's answers and their autosave (issue 8: never lose an answer). Every change is
 * kept in localStorage until the server acknowledges it, sent at once (changes made while a
 * save is on its way are gathered and go together when it is acknowledged), and sent
 * again when the network returns (the `online` event, and a retry every few seconds), so
 * the screen can say plainly whether everything is saved. A refusal because the attempt
 * closed (409: time up, already submitted) ends the exam through `onClosed`.
 */
export function useAnswerSync(exam: StartedExam, onClosed: (code: ErrorCode) => void) {
  const [answers, setAnswers] = useState<Record<number, LocalAnswer>>(() => {
    const fromServer = Object.fromEntries(
      // Every type's answer as it was saved: option ids or the type's own object (answer-value.ts).
      exam.savedAnswers.map((saved) => [saved.questionId, { answer: answerFromServer(saved.answer), markedForReview: saved.answerStatus === "not" }]),
    );
    return { ...fromServer, ...readPending(browserStorage(), exam.takenQuizId) };
  });
  const pending = useRef<PendingAnswers>(readPending(browserStorage(), exam.takenQuizId));
  const inFlight = useRef(false);
  const [state, setState] = useState<SaveState>(Object.keys(pending.current).length ? "offline" : "saved");
  const [pendingCount, setPendingCount] = useState(Object.keys(pending.current).length);
  // The server's deadline as of the last save: extra time given during the exam arrives this way.
  const [deadlineAt, setDeadlineAt] = useState(exam.deadlineAt);
  // Why the last save failed, until one succeeds: the screen says it and what happens next.
  const [failure, setFailure] = useState<ExamFailure | null>(null);
  const closedRef = useRef(onClosed);
  closedRef.current = onClosed;

  const remember = (next: PendingAnswers) => {
    pending.current = next;
    writePending(browserStorage(), exam.takenQuizId, next);
    setPendingCount(Object.keys(next).length);
  };

  const flush = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) return false;
    const sent = { ...pending.current };
    if (Object.keys(sent).length === 0) {
      setState("saved");
      return true;
    }
    inFlight.current = true;
    setState("saving");
    const answer = await callApi(() => api.takeQuiz.saveAnswers.$post({ json: { takenQuizId: exam.takenQuizId, answers: toRequestAnswers(sent) } }));
    inFlight.current = false;
    if (answer.ok) {
      setFailure(null);
      setDeadlineAt(answer.data.deadlineAt);
      const left = afterAcknowledged(pending.current, sent);
      pending.current = left;
      writePending(browserStorage(), exam.takenQuizId, left);
      setPendingCount(Object.keys(left).length);
      if (Object.keys(left).length) return flush();
      setState("saved");
      return true;
    }
    // Not sent, or not taken for a passing reason (the session could not be renewed, too many
    // requests, the server failing): the answers stay on this device and go again later.
    if (answer.offline || answer.status === 401 || answer.status === 429 || answer.status >= 500) {
      setFailure(answer);
      setState("offline");
      return false;
    }
    if (CLOSED.has(answer.code)) {
      closedRef.current(answer.code);
      setState("offline");
      return false;
    }
    // Refused for good (a forged or stale answer: 400, 403, 404; one checked in one-by-one mode is final): nothing to retry.
    setFailure(answer);
    remember(afterAcknowledged(pending.current, sent));
    setState(Object.keys(pending.current).length ? "offline" : "saved");
    return false;
  }, [exam.takenQuizId]);

  const setAnswer = useCallback(
    (questionId: number, value: LocalAnswer) => {
      setAnswers((now) => ({ ...now, [questionId]: value }));
      remember({ ...pending.current, [questionId]: value });
      setState("saving");
      // At once, not after a pause: on a weak phone the pause (400 ms) was an eighth of the
      // 3 s the first answer may take to be acknowledged (docs/performance.md "Exam page
      // weight"). While one save is in flight, `flush` refuses a second and sends what was
      // left when the first is acknowledged: quick changes (ticking several boxes) still go
      // together, and one student never has two saves in flight.
      void flush();
    },
    [flush],
  );

  useEffect(() => {
    const retry = () => void flush();
    window.addEventListener("online", retry);
    const every = setInterval(() => {
      if (Object.keys(pending.current).length) retry();
    }, RETRY_MS);
    if (Object.keys(pending.current).length) retry();
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(every);
    };
  }, [flush]);

  /** After a successful submit nothing is pending any more. */
  const forget = useCallback(() => {
    pending.current = {};
    writePending(browserStorage(), exam.takenQuizId, {});
    setPendingCount(0);
  }, [exam.takenQuizId]);

  return { answers, setAnswer, state, pendingCount, flush, forget, deadlineAt, failure };
}

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { crossedMark, minutesSeconds } from "./clock";

interface Props {
  /** Epoch ms by the server's clock, or null: no limit, the timer counts up (spec 4). */
  deadlineAt: number | null;
  /** Server clock minus this device's clock, measured once when the exam loaded, so a wrong clock here does not matter. */
  offsetMs: number;
  /** When the attempt started (server clock, epoch ms), for counting up. */
  startedAt: number;
  onExpire: () => void;
  /** The whole exam's timer, or the current question's (per-question timing). */
  scope?: "exam" | "question";
}

/**
 * An exam timer. It counts down to a deadline on the server's clock (or up, without one)
 * and tells screen readers the time left at a few marks (10, 5 and 1 minutes, 30 and 10
 * seconds), not every second. At zero it calls `onExpire` once. A question's timer is
 * remounted (a new key) for each question, which resets it.
 */
export function ExamTimer({ deadlineAt, offsetMs, startedAt, onExpire, scope = "exam" }: Props) {
  const { t } = useTranslation("exam");
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  const [announcement, setAnnouncement] = useState("");
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    const tick = () =>
      setNow((before) => {
        const current = Date.now() + offsetMs;
        if (deadlineAt !== null) {
          const mark = crossedMark((deadlineAt - before) / 1000, (deadlineAt - current) / 1000);
          if (mark !== null) setAnnouncement(t(scope === "exam" ? "timer.left" : "timer.questionLeft", { time: minutesSeconds(mark) }));
          if (current >= deadlineAt && !expired.current) {
            expired.current = true;
            setAnnouncement(t(scope === "exam" ? "timer.up" : "timer.questionUp"));
            setTimeout(() => expire.current(), 0);
          }
        }
        return current;
      });
    tick();
    const every = setInterval(tick, 1000);
    return () => clearInterval(every);
  }, [deadlineAt, offsetMs, scope, t]);

  const shown = deadlineAt === null ? (now - startedAt) / 1000 : (deadlineAt - now) / 1000;
  const low = deadlineAt !== null && shown <= (scope === "exam" ? 60 : 10);
  const label = deadlineAt === null ? t("timer.elapsed") : scope === "exam" ? t("timer.remaining") : t("timer.question");
  return (
    <div className={`exam-timer exam-timer--${scope}${low ? " exam-timer--low" : ""}`}>
      <span className="exam-timer__label">{label}</span>
      <span className="exam-timer__value" role="timer" aria-label={label}>
        {minutesSeconds(shown)}
      </span>
      <span className="ui-visually-hidden" aria-live="assertive">
        {announcement}
      </span>
    </div>
  );
}

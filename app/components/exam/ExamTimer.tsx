import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { crossedMark, minutesSeconds } from "./clock";

interface Props {
  /** Epoch ms by the server's clock, or null: no limit, the timer counts up (spec 4). */
  deadlineAt: number | null;
  /** The server's clock when the exam was loaded, so a wrong clock on this device does not matter. */
  serverNow: number;
  /** When the attempt started (server clock, epoch ms), for counting up. */
  startedAt: number;
  onExpire: () => void;
}

/**
 * The exam timer. It counts down to the server's deadline (or up, without one), reads the
 * time from the server's clock offset, and tells screen readers the time left at a few
 * marks (10, 5 and 1 minutes, 30 and 10 seconds), not every second. At zero it calls
 * `onExpire` once.
 */
export function ExamTimer({ deadlineAt, serverNow, startedAt, onExpire }: Props) {
  const { t } = useTranslation("exam");
  const [offset] = useState(() => serverNow - Date.now());
  const [now, setNow] = useState(serverNow);
  const [announcement, setAnnouncement] = useState("");
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    const tick = () =>
      setNow((before) => {
        const current = Date.now() + offset;
        if (deadlineAt !== null) {
          const mark = crossedMark((deadlineAt - before) / 1000, (deadlineAt - current) / 1000);
          if (mark !== null) setAnnouncement(t("timer.left", { time: minutesSeconds(mark) }));
          if (current >= deadlineAt && !expired.current) {
            expired.current = true;
            setAnnouncement(t("timer.up"));
            setTimeout(() => expire.current(), 0);
          }
        }
        return current;
      });
    tick();
    const every = setInterval(tick, 1000);
    return () => clearInterval(every);
  }, [deadlineAt, offset, t]);

  const shown = deadlineAt === null ? (now - startedAt) / 1000 : (deadlineAt - now) / 1000;
  const low = deadlineAt !== null && shown <= 60;
  return (
    <div className={`exam-timer${low ? " exam-timer--low" : ""}`}>
      <span className="exam-timer__label">{deadlineAt === null ? t("timer.elapsed") : t("timer.remaining")}</span>
      <span className="exam-timer__value" role="timer" aria-label={deadlineAt === null ? t("timer.elapsed") : t("timer.remaining")}>
        {minutesSeconds(shown)}
      </span>
      <span className="ui-visually-hidden" aria-live="assertive">
        {announcement}
      </span>
    </div>
  );
}

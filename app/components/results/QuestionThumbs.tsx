import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { buttonClassName } from "../ui/Button";

type Vote = "up" | "down" | "none";

/**
 * Thumbs up or down on a question (ADR 0027, spec 3's counts): two toggle buttons; pressing
 * the chosen one again takes the vote back. A plain form, so it works before the page's
 * script has loaded; the press shows at once and the server's answer follows.
 */
export function QuestionThumbs({ questionId, number, vote }: { questionId: number; number: number; vote: Vote }) {
  const { t } = useTranslation("results");
  const fetcher = useFetcher<{ vote?: Vote }>();
  const sending = fetcher.formData?.get("vote");
  const current: Vote = typeof sending === "string" ? (sending as Vote) : (fetcher.data?.vote ?? vote);
  const option = (which: "up" | "down") => {
    const pressed = current === which;
    return (
      <button
        type="submit"
        name="vote"
        value={pressed ? "none" : which}
        aria-pressed={pressed}
        className={buttonClassName({ variant: pressed ? "primary" : "secondary", size: "sm", className: "result-thumbs__button" })}
      >
        <ThumbIcon down={which === "down"} /> {t(`thumbs.${which}`)}
      </button>
    );
  };
  return (
    <fetcher.Form method="post" className="result-thumbs" role="group" aria-label={t("thumbs.label", { number })}>
      <input type="hidden" name="intent" value="thumbs" />
      <input type="hidden" name="questionId" value={questionId} />
      {option("up")}
      {option("down")}
    </fetcher.Form>
  );
}

/** A thumb drawn inline (an emoji depends on the device's fonts); the button's text names it. */
function ThumbIcon({ down }: { down: boolean }) {
  return (
    <svg className="result-thumbs__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" style={down ? { transform: "scaleY(-1)" } : undefined}>
      <path
        d="M7 10v11H3V10h4Zm2 11h8.2a2 2 0 0 0 2-1.6l1.3-7A2 2 0 0 0 18.5 10H14l.8-4.2A2 2 0 0 0 12.9 3.5L9 10v11Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

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
  const option = (which: "up" | "down", icon: string) => {
    const pressed = current === which;
    return (
      <button
        type="submit"
        name="vote"
        value={pressed ? "none" : which}
        aria-pressed={pressed}
        className={buttonClassName({ variant: pressed ? "primary" : "secondary", size: "sm", className: "result-thumbs__button" })}
      >
        <span aria-hidden="true">{icon}</span> {t(`thumbs.${which}`)}
      </button>
    );
  };
  return (
    <fetcher.Form method="post" className="result-thumbs" role="group" aria-label={t("thumbs.label", { number })}>
      <input type="hidden" name="intent" value="thumbs" />
      <input type="hidden" name="questionId" value={questionId} />
      {option("up", "👍")}
      {option("down", "👎")}
    </fetcher.Form>
  );
}

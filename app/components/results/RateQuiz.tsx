import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { RadioGroup } from "../ui/RadioGroup";

/** Spec 5 / 7: rate the quiz 1–5 stars; rating again replaces it. */
export function RateQuiz({ quizId, rating }: { quizId: number; rating: number }) {
  const { t } = useTranslation("results");
  const fetcher = useFetcher<{ message?: string; rating?: number }>();
  const current = fetcher.data?.rating ?? rating;
  return (
    <fetcher.Form method="post" className="result-rate">
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="quizId" value={quizId} />
      <RadioGroup
        name="rating"
        label={t("rate.label")}
        defaultValue={current ? String(current) : undefined}
        inline
        options={[1, 2, 3, 4, 5].map((stars) => ({ value: String(stars), label: t("rate.stars", { count: stars }) }))}
      />
      <Button type="submit" variant="secondary" isPending={fetcher.state !== "idle"}>
        {t("rate.submit")}
      </Button>
      {fetcher.data?.rating && (
        <Alert variant="success" resetKey={fetcher.data}>
          {t("rate.saved")}
        </Alert>
      )}
      {fetcher.data && !fetcher.data.rating && fetcher.data.message && (
        <Alert variant="danger" resetKey={fetcher.data}>
          {fetcher.data.message}
        </Alert>
      )}
    </fetcher.Form>
  );
}

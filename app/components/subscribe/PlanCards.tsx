import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { PlanView } from "../../../api/services/payments/schemas";
import { formatPrice } from "../payments/messages";
import { Button } from "../ui/Button";

/**
 * The plans on offer as cards, each with its own Subscribe form (the page's action starts
 * checkout). A plan the card provider does not sell (the school has no card keys, or the plan
 * no provider price yet) says it is paid by bank transfer instead (issue 25, point 4).
 */
export function PlanCards({ plans, cardPayments }: { plans: PlanView[]; cardPayments: boolean }) {
  const { t, i18n } = useTranslation("subscribe");
  const navigation = useNavigation();
  const pendingPrice = navigation.state !== "idle" ? navigation.formData?.get("priceId") : null;
  if (plans.length === 0) return <p className="subscribe-page__note">{t("plans.none")}</p>;
  return (
    <ul className="plan-cards" aria-label={t("plans.heading")}>
      {plans.map((plan) => (
        <li key={plan.id} className="plan-card">
          <h3 className="plan-card__title">{plan.title}</h3>
          <p className="plan-card__price">
            <span className="plan-card__amount">{formatPrice(plan.price, plan.currency, i18n.language)}</span>{" "}
            <span className="plan-card__interval">{t(`plans.per.${plan.interval}`)}</span>
          </p>
          {plan.description && <p className="plan-card__description">{plan.description}</p>}
          {!cardPayments || !plan.priceId ? (
            <p className="plan-card__note">{t("plans.transferOnly")}</p>
          ) : (
            <Form method="post" className="plan-card__form">
              <input type="hidden" name="intent" value="subscribe" />
              <input type="hidden" name="priceId" value={plan.priceId ?? ""} />
              <Button type="submit" fullWidth isPending={pendingPrice === plan.priceId} aria-label={t("plans.subscribeTo", { title: plan.title })}>
                {t("plans.subscribe")}
              </Button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

import { useTranslation } from "react-i18next";

/** Whether a mail provider delivers (stored copies lose their secret links) or the outbox is the delivery. */
export type OutboxDelivery = "provider" | "outbox";

export function deliveryOf(config: { postmark: unknown }): OutboxDelivery {
  return config.postmark ? "provider" : "outbox";
}

export function DeliveryNote({ delivery }: { delivery: OutboxDelivery }) {
  const { t } = useTranslation();
  return (
    <p className="shell-page__lead" data-delivery={delivery}>
      {t(delivery === "provider" ? "outbox.deliveryProvider" : "outbox.deliveryOutbox")}
    </p>
  );
}

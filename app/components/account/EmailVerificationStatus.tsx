import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { EmailVerificationAnswer } from "../../routes/account/email-verification";
import { useMessageTranslator } from "../auth/hooks";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";

const ENDPOINT = "/account/email-verification";

export interface EmailVerificationStatusProps {
  email: string;
  emailVerified: boolean;
}

/**
 * The profile's e-mail box: the address, whether it is confirmed, and for an unconfirmed
 * one a "send the link again" button that shows the server's cool-down as a countdown.
 */
export function EmailVerificationStatus({ email, emailVerified }: EmailVerificationStatusProps) {
  const { t } = useTranslation("auth");
  const translate = useMessageTranslator();
  const status = useFetcher<EmailVerificationAnswer>();
  const resend = useFetcher<EmailVerificationAnswer>();
  const secondsLeft = useCountdown(resend.data?.retryAfterSeconds ?? status.data?.retryAfterSeconds ?? 0, resend.data ?? status.data);

  // Once per page: a mail sent moments ago (at registration, say) already holds the button.
  // A load the router cancels (a revalidation while the page settles) is asked again, a few times at most.
  const asked = useRef(0);
  const { load, state, data } = status;
  useEffect(() => {
    if (emailVerified || data || state !== "idle" || asked.current >= 3) return;
    asked.current += 1;
    void load(ENDPOINT);
  }, [emailVerified, data, state, load]);

  return (
    <section className="account-email" aria-labelledby="account-email-title">
      <h2 id="account-email-title" className="account-email__title">
        {t("emailVerification.title")}
      </h2>
      <p>
        <span className="account-email__address">{email}</span>{" "}
        <span className={`shell-badge ${emailVerified ? "shell-badge--success" : "shell-badge--danger"}`}>
          {emailVerified ? t("emailVerification.confirmed") : t("emailVerification.unconfirmed")}
        </span>
      </p>
      {!emailVerified && (
        <>
          <p>{t("emailVerification.explain", { product: t("layout.product") })}</p>
          {resend.data?.message && (
            <Alert variant={resend.data.ok ? "success" : "warning"} resetKey={resend.data} autoHideMs={null}>
              {translate({ ...resend.data, message: resend.data.message })}
            </Alert>
          )}
          <resend.Form method="post" action={ENDPOINT}>
            <Button type="submit" variant="secondary" isDisabled={secondsLeft > 0} isPending={resend.state !== "idle"}>
              {secondsLeft > 0 ? t("emailVerification.resendIn", { seconds: secondsLeft }) : t("emailVerification.resend")}
            </Button>
          </resend.Form>
        </>
      )}
    </section>
  );
}

/** Seconds left of a cool-down that started (`startedBy` changed) with `seconds` to go. */
function useCountdown(seconds: number, startedBy: unknown): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const endsAt = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const next = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, startedBy]);
  return left;
}

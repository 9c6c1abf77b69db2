import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "react-router";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { acceptProviderMessage, popupFeatures, startProviderRequest } from "./provider-popup";

const CLOSED_POPUP_GRACE_MS = 2000;

export interface ProviderButtonProps {
  /** True while the login action handles the token (the button keeps its spinner). */
  isSubmitting?: boolean;
}

/**
 * "Sign in with {product}" (spec 2.2): opens a popup at once (so no blocker stops it), asks
 * the server to start a sign-in request (state, nonce, and a cookie binding them to this
 * browser), sends the popup to the provider, waits for the callback page's message (origin,
 * source, state and nonce checked), then posts the ID token and state to the login action
 * (`intent=provider`), which checks them against the request and signs in or creates a
 * Student. Needs JavaScript; it is only rendered when the provider is enabled.
 */
export function ProviderButton({ isSubmitting = false }: ProviderButtonProps) {
  const { t } = useTranslation("auth");
  const submit = useSubmit();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<{ text: string; at: number } | null>(null);
  const cleanup = useRef<() => void>(() => {});

  useEffect(() => () => cleanup.current(), []);

  const start = async () => {
    cleanup.current();
    setError(null);
    const origin = window.location.origin;
    const popup = window.open(
      "about:blank",
      "quiz-provider-login",
      popupFeatures({ left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight }),
    );
    if (!popup) {
      setError({ text: t("provider.popupBlocked"), at: Date.now() });
      return;
    }
    setWaiting(true);

    const request = await startProviderRequest();
    if (!request || popup.closed) {
      popup.close();
      setWaiting(false);
      if (!request) setError({ text: t("provider.failed"), at: Date.now() });
      return;
    }
    popup.location.href = request.authorizationUrl;

    const onMessage = (event: MessageEvent) => {
      const result = acceptProviderMessage(event, { origin, source: popup, state: request.state, nonce: request.nonce });
      if (!result) return;
      stop();
      popup.close();
      if (!result.ok) {
        setError({ text: t("provider.failed"), at: Date.now() });
        return;
      }
      submit({ intent: "provider", token: result.idToken, state: request.state }, { method: "post" });
    };
    // The user may close the popup without finishing. The callback page also closes itself
    // right after posting its message, which may still be queued: give it a moment to arrive.
    let closedGrace: number | undefined;
    const closedPoll = window.setInterval(() => {
      if (!popup.closed || closedGrace !== undefined) return;
      window.clearInterval(closedPoll);
      closedGrace = window.setTimeout(stop, CLOSED_POPUP_GRACE_MS);
    }, 500);
    const stop = () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(closedPoll);
      window.clearTimeout(closedGrace);
      setWaiting(false);
      cleanup.current = () => {};
    };
    window.addEventListener("message", onMessage);
    cleanup.current = stop;
  };

  return (
    <>
      {error && (
        <Alert variant="danger" resetKey={error.at}>
          {error.text}
        </Alert>
      )}
      <Button variant="secondary" fullWidth size="lg" onPress={() => void start()} isPending={waiting || isSubmitting}>
        {t("provider.signIn", { product: t("layout.product") })}
      </Button>
    </>
  );
}

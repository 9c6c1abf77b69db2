import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHref, useSubmit } from "react-router";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import {
  acceptProviderMessage,
  buildAuthorizationUrl,
  popupFeatures,
  PROVIDER_CALLBACK_PATH,
  randomString,
} from "./provider-popup";

export interface ProviderButtonProps {
  authorizationEndpoint: string;
  clientId: string;
  /** True while the login action handles the token (the button keeps its spinner). */
  isSubmitting?: boolean;
}

/**
 * "Sign in with {product}" (spec 2.2): opens the provider in a popup, waits for the
 * callback page's message (origin, source, state and nonce checked), then posts the ID
 * token to the login action (`intent=provider`), which verifies it and signs in or
 * creates a Student. Needs JavaScript; it is only rendered when the provider is enabled.
 */
export function ProviderButton({ authorizationEndpoint, clientId, isSubmitting = false }: ProviderButtonProps) {
  const { t } = useTranslation("auth");
  const submit = useSubmit();
  const callbackPath = useHref(PROVIDER_CALLBACK_PATH);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<{ text: string; at: number } | null>(null);
  const cleanup = useRef<() => void>(() => {});

  useEffect(() => () => cleanup.current(), []);

  const start = () => {
    cleanup.current();
    setError(null);
    const origin = window.location.origin;
    const state = randomString();
    const nonce = randomString();
    const url = buildAuthorizationUrl({
      authorizationEndpoint,
      clientId,
      redirectUri: `${origin}${callbackPath}`,
      nonce,
      state,
    });
    const popup = window.open(
      url,
      "quiz-provider-login",
      popupFeatures({ left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight }),
    );
    if (!popup) {
      setError({ text: t("provider.popupBlocked"), at: Date.now() });
      return;
    }
    setWaiting(true);

    const onMessage = (event: MessageEvent) => {
      const result = acceptProviderMessage(event, { origin, source: popup, state, nonce });
      if (!result) return;
      stop();
      popup.close();
      if (!result.ok) {
        setError({ text: t("provider.failed"), at: Date.now() });
        return;
      }
      submit({ intent: "provider", token: result.idToken }, { method: "post" });
    };
    // The user may close the popup without finishing.
    const closedPoll = window.setInterval(() => {
      if (popup.closed) stop();
    }, 500);
    const stop = () => {
      window.removeEventListener("message", onMessage);
      window.clearInterval(closedPoll);
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
      <Button variant="secondary" fullWidth size="lg" onPress={start} isPending={waiting || isSubmitting}>
        {t("provider.signIn", { product: t("layout.product") })}
      </Button>
    </>
  );
}

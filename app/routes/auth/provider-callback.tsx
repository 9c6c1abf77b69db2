import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseCallback, PROVIDER_MESSAGE_TYPE, type ProviderMessage } from "../../components/auth/provider-popup";
import { Spinner } from "../../components/ui/Spinner";
import { routeMessages, useRouteMessages } from "../../i18n/route-messages";
import type { Route } from "./+types/provider-callback";

export function loader({ request }: Route.LoaderArgs) {
  return { messages: routeMessages(request, "auth") };
}

/**
 * The provider's redirect target inside the sign-in popup: it hands the ID token from the
 * URL fragment to the window that opened it (our own origin only) and closes itself. The
 * token is checked by the opener (state, nonce) and verified by the server.
 */
export default function ProviderCallback({ loaderData }: Route.ComponentProps) {
  useRouteMessages(loaderData.messages);
  const { t } = useTranslation("auth");
  const [orphan, setOrphan] = useState(false);

  useEffect(() => {
    const result = parseCallback(window.location.hash, window.location.search);
    // Drop the token from the address bar and history at once.
    window.history.replaceState(null, "", window.location.pathname);
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      setOrphan(true);
      return;
    }
    const message: ProviderMessage = { type: PROVIDER_MESSAGE_TYPE, ...result };
    opener.postMessage(message, window.location.origin);
    window.close();
  }, []);

  return (
    <main className="auth-wait" id="main-content">
      <title>{t("provider.callbackTitle")}</title>
      {orphan ? <p>{t("provider.closeWindow")}</p> : <Spinner size="lg" />}
    </main>
  );
}

import { useTranslation } from "react-i18next";
import { pickLanguage } from "./languages";
import { type Messages, resources, type RouteNamespace } from "./resources";

/**
 * A page's own namespace (ROUTE_NAMESPACES), sent with its loader data: the server has every
 * message file; the browser's message chunk does not carry these (resources.ts).
 */
export function routeMessages(request: Request, namespace: RouteNamespace): Messages {
  const language = pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
  return resources[language][namespace] ?? {};
}

/**
 * Puts a page's namespace into the i18n instance before the page's first render, so the
 * hydrating render says what the server said. On the server it is there already.
 */
export function useRouteMessages(namespace: RouteNamespace, messages: Messages): void {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(i18n.language, namespace)) i18n.addResourceBundle(i18n.language, namespace, messages);
}

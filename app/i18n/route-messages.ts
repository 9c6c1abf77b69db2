import { useTranslation } from "react-i18next";
import { pickLanguage } from "./languages";
import { type Messages, resources, type RouteNamespace } from "./resources";

/** Some pages' own namespaces, by name, as a loader hands them over. */
export type RouteMessages = Partial<Record<RouteNamespace, Messages>>;

/**
 * A page's own namespaces (ROUTE_NAMESPACES), sent with its loader data: the server has every
 * message file; the browser's message chunk does not carry these (resources.ts), so the pages
 * that do not use them (the exam first) do not carry them either.
 */
export function routeMessages(request: Request, ...namespaces: RouteNamespace[]): RouteMessages {
  const language = pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
  return Object.fromEntries(namespaces.map((namespace) => [namespace, resources[language][namespace] ?? {}]));
}

/**
 * Puts a page's namespaces into the i18n instance before the page's first render, so the
 * hydrating render says what the server said. On the server they are there already. Call it
 * at the top of the route component, before anything translates with them.
 */
export function useRouteMessages(messages: RouteMessages): void {
  const { i18n } = useTranslation();
  for (const [namespace, bundle] of Object.entries(messages)) {
    if (!i18n.hasResourceBundle(i18n.language, namespace)) i18n.addResourceBundle(i18n.language, namespace, bundle);
  }
}

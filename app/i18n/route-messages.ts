import { useTranslation } from "react-i18next";
import { fromJsonText, type JsonText, toJsonText } from "../utils/json-text";
import { type Language, pickLanguage } from "./languages";
import { type Messages, resources, type RouteNamespace } from "./resources";

/**
 * Some pages' own namespaces, by name, as a loader hands them over: each as its JSON text
 * (utils/json-text.ts), made once per language and namespace, so the page's data does not
 * walk a few hundred message strings on every load, and the browser parses only a namespace
 * it does not have yet.
 */
export type RouteMessages = Partial<Record<RouteNamespace, JsonText<Messages>>>;

const textOf = new Map<string, JsonText<Messages>>();
function messagesText(language: Language, namespace: RouteNamespace): JsonText<Messages> {
  const key = `${language}/${namespace}`;
  let text = textOf.get(key);
  if (text === undefined) textOf.set(key, (text = toJsonText(resources[language][namespace] ?? {})));
  return text;
}

/**
 * A page's own namespaces (ROUTE_NAMESPACES), sent with its loader data: the server has every
 * message file; the browser's message chunk does not carry these (resources.ts), so the pages
 * that do not use them (the exam first) do not carry them either.
 */
export function routeMessages(request: Request, ...namespaces: RouteNamespace[]): RouteMessages {
  const language = pickLanguage(request.headers.get("cookie"), request.headers.get("accept-language"));
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messagesText(language, namespace)]));
}

/**
 * Puts a page's namespaces into the i18n instance before the page's first render, so the
 * hydrating render says what the server said. On the server they are there already. Call it
 * at the top of the route component, before anything translates with them.
 */
export function useRouteMessages(messages: RouteMessages): void {
  const { i18n } = useTranslation();
  for (const [namespace, text] of Object.entries(messages)) {
    if (!i18n.hasResourceBundle(i18n.language, namespace)) i18n.addResourceBundle(i18n.language, namespace, fromJsonText(text));
  }
}

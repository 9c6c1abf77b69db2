import type { Context } from "hono";
import { type Language, pickLanguage } from "../../locales/languages";
import type { ApiEnv } from "../env";

/**
 * Answer now and finish with waitUntil: Workers hand Hono their ExecutionContext, Node its own
 * (server/background-work.node.ts). Without one (tests through app.request) finish first.
 * Used by the imports that answer 202 (questions, rosters).
 */
export async function runAfterAnswer(c: Context<ApiEnv>, work: () => Promise<void>): Promise<void> {
  let context: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    context = c.executionCtx; // Hono throws when the runtime gave it none.
  } catch {
    context = undefined;
  }
  if (context) context.waitUntil(work());
  else await work();
}

/** What an import writes afterwards (its summary, its invitations) is said in the page's language (the `lang` cookie), else the browser's, else English. */
export const languageOf = (c: Context<ApiEnv>): { language: Language } => ({ language: pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null) });
